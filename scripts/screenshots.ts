/**
 * `npm run screenshots`: the README's pictures (docs/screenshots/, listed in scripts/screenshots/shots.ts), remade
 * from the demo school as a new user meets it. The built server starts on a fresh SQLite database in a folder
 * of its own (never `.data/rollbook.db`) with `ROLLBOOK_DEMO=on`, as `npm start` on an empty database does; the
 * script signs in with the administrator's link the first-start banner prints and, through `family invite`
 * (the command the banner names), as the first family's parent, then photographs each screen in headless
 * Chromium (the one the browser tests use) once it is settled. The dates are the server's own: the demo is
 * dated from the day it is made. Builds first when the build is older than the sources; `--no-build` serves
 * `.output` as it is.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { chromiumArgs, findChromium } from '../tests/support/find-chromium'
import { buildApp, buildIsStale } from './build-freshness'
import { projectRoot, startBuiltServer, type RunningServer } from './built-server'
import { captureWebp, openSettled } from './screenshots/settled-page'
import { maxScreenshotBytes, screenshotFolder, shots, type DemoFinds, type Shot } from './screenshots/shots'

const startedAt = performance.now()
const seconds = () => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`
const { values: flags } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false } } })

/** The first-start banner, once the server has made the demo school (after `/health` says healthy: the demo is made then). */
async function demoBanner(server: RunningServer): Promise<string> {
  const deadline = Date.now() + 120_000
  while (!/family invite .*--json/.test(server.output())) {
    if (server.process.exitCode !== null || Date.now() > deadline) throw new Error(`No demo school was made:\n${server.output()}`)
    await new Promise(done => setTimeout(done, 200))
  }
  return server.output()
}

/** What the banner says to do: the administrator's one-time link, and the command that invites the first family. */
function readBanner(banner: string) {
  const adminLink = /"(https?:\/\/[^"\s]+\/sign-in\/link\?token=[^"\s]+)"/.exec(banner)?.[1]
  const invite = /family invite --school (\S+) --person (\S+)/.exec(banner)
  if (!adminLink || !invite) throw new Error(`The first-start banner names no sign-in link or family invitation:\n${banner}`)
  return { adminLink, school: invite[1]!, parent: invite[2]! }
}

/** `npm run -s admin -- family invite … --json` against the script's database: the parent's one-time link (what it logs is in the error when it fails). */
function inviteFamily(env: NodeJS.ProcessEnv, school: string, parent: string): string {
  const answer = execFileSync(
    join(projectRoot, 'node_modules/.bin/tsx'), ['cli/admin.ts', 'family', 'invite', '--school', school, '--person', parent, '--json'],
    { cwd: projectRoot, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }
  )
  return (JSON.parse(answer) as { signInLink: string }).signInLink
}

/** A browser context signed in by following a one-time link, in light, in English. */
async function signedIn(browser: Browser, link: string): Promise<BrowserContext> {
  const context = await browser.newContext({ colorScheme: 'light', locale: 'en-US', reducedMotion: 'reduce' })
  // Nuxt UI keeps the reader's choice of theme here: light whatever a browser profile says.
  await context.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'light'))
  const page = await context.newPage()
  await page.goto(link)
  await page.waitForURL(url => !url.pathname.startsWith('/sign-in'))
  await page.close()
  return context
}

async function photograph(context: BrowserContext, site: string, shot: Shot, finds: DemoFinds): Promise<number> {
  const page = await context.newPage()
  try {
    await page.setViewportSize(shot.viewport)
    await openSettled(page, site + shot.path(finds), shot.ready)
    const picture = await captureWebp(page, maxScreenshotBytes)
    writeFileSync(join(projectRoot, screenshotFolder, shot.file), picture)
    return picture.length
  } catch (error) {
    // What the screen showed instead, to see why it never settled.
    const failed = join(tmpdir(), `rollbook-screenshots-${shot.file.replace('.webp', '')}-failed.png`)
    await page.screenshot({ path: failed }).then(() => console.error(`${shot.file}: the page as it was is ${failed}`), () => {})
    throw error
  } finally {
    await page.close()
  }
}

/** The first of the parent's children, as the portal's home lists them. */
async function findDemo(family: BrowserContext, site: string): Promise<DemoFinds> {
  const page = await family.newPage()
  try {
    await openSettled(page, `${site}/family`, 'a[href^="/family/children/"]')
    const href = await page.locator('a[href^="/family/children/"]').first().getAttribute('href')
    return { childId: href!.split('/').pop()! }
  } finally {
    await page.close()
  }
}

if (!flags['no-build'] && buildIsStale()) {
  console.log('Building Rollbook…')
  buildApp()
}
const { executablePath } = await findChromium()
if (!executablePath) throw new Error('No Chromium starts here: install Debian\'s chromium, or set CHROMIUM_PATH')
const folder = mkdtempSync(join(tmpdir(), 'rollbook-screenshots-'))
// Everything the server and the CLI write goes to the folder: the database, its rate-limit counters, export files.
// Mail goes to the log, never to the demo's made-up addresses.
const { SMTP_URL: _, ...inherited } = process.env
const env = { ...inherited, DATABASE_URL: `file:${join(folder, 'demo.db')}`, EXPORTS_DIR: join(folder, 'exports'), ROLLBOOK_DEMO: 'on' }
let server: RunningServer | undefined
let browser: Browser | undefined
try {
  server = await startBuiltServer({ mode: 'production', env })
  // Passkeys and sign-in links name the server by host name (scripts/built-server.ts sets PUBLIC_URL so).
  const site = server.url.replace('127.0.0.1', 'localhost')
  const { adminLink, school, parent } = readBanner(await demoBanner(server))
  const familyLink = inviteFamily({ ...env, PUBLIC_URL: site }, school, parent)
  console.log(`Demo school ${school} made (${seconds()})`)
  browser = await chromium.launch({ executablePath, args: chromiumArgs })
  const viewers = { staff: await signedIn(browser, adminLink), family: await signedIn(browser, familyLink) }
  const finds = await findDemo(viewers.family, site)
  mkdirSync(join(projectRoot, screenshotFolder), { recursive: true })
  for (const shot of shots) {
    const bytes = await photograph(viewers[shot.viewer], site, shot, finds)
    console.log(`${screenshotFolder}/${shot.file}: ${(bytes / 1024).toFixed(1)} KiB (${seconds()})`)
  }
} finally {
  await browser?.close()
  await server?.stop()
  rmSync(folder, { recursive: true, force: true })
}
console.log(`Done in ${seconds()}.`)
