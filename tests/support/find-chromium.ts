import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { projectRoot } from './server-process'

/** Headless, without the sandbox (tests run as root in containers), a GPU or calls home. */
export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'
]

const systemChromium = '/usr/bin/chromium'

export interface ChromiumCandidate {
  /** How messages name it. */
  name: string
  /** Where its executable is (unpacking it first if need be). */
  executablePath: () => Promise<string>
}

/**
 * The Chromiums the browser tests may use, in order: `CHROMIUM_PATH`, Debian's, then the build the
 * npm registry ships inside `@sparticuz/chromium`. `ROLLBOOK_TEST_NO_SYSTEM_CHROMIUM=1` and
 * `ROLLBOOK_TEST_NO_REGISTRY_CHROMIUM=1` leave one out, to try the fallbacks on a machine that has it.
 */
export function chromiumCandidates(env: NodeJS.ProcessEnv = process.env): ChromiumCandidate[] {
  const candidates: ChromiumCandidate[] = []
  const fromEnv = env.CHROMIUM_PATH
  if (fromEnv) candidates.push({ name: `CHROMIUM_PATH=${fromEnv}`, executablePath: async () => fromEnv })
  if (env.ROLLBOOK_TEST_NO_SYSTEM_CHROMIUM !== '1') candidates.push({ name: systemChromium, executablePath: async () => systemChromium })
  if (env.ROLLBOOK_TEST_NO_REGISTRY_CHROMIUM !== '1') candidates.push({ name: '@sparticuz/chromium', executablePath: unpackRegistryChromium })
  return candidates
}

/** Starts and closes the browser: an executable that exists may still lack libraries (NSS) it needs. */
export async function chromiumStarts(executablePath: string): Promise<void> {
  const browser = await chromium.launch({ executablePath, args: chromiumArgs, timeout: 60_000 })
  await browser.close()
}

export interface ChromiumChoice {
  /** The first candidate that started, or null when none did. */
  executablePath: string | null
  /** The candidates tried before it, each with the first line of its failure. */
  failures: { name: string, reason: string }[]
}

/** Tries the candidates in order and keeps the first that starts. */
export async function findChromium(candidates = chromiumCandidates(), starts = chromiumStarts): Promise<ChromiumChoice> {
  const failures: ChromiumChoice['failures'] = []
  for (const candidate of candidates) {
    try {
      const executablePath = await candidate.executablePath()
      await starts(executablePath)
      return { executablePath, failures }
    } catch (error) {
      failures.push({ name: candidate.name, reason: String(error instanceof Error ? error.message : error).split('\n')[0]! })
    }
  }
  return { executablePath: null, failures }
}

/**
 * Unpacks the registry's Chromium (brotli files inside the package, about 200 MB unpacked) once per
 * version into `.data/`. The package unpacks into `os.tmpdir()` and reuses any `chromium` it finds
 * there, whatever its version, so TMPDIR points it at a folder of this process's own, renamed into
 * place once complete.
 */
async function unpackRegistryChromium(): Promise<string> {
  const { default: registryChromium } = await import('@sparticuz/chromium')
  const { version } = JSON.parse(readFileSync(resolve(projectRoot, 'node_modules/@sparticuz/chromium/package.json'), 'utf8'))
  const folder = resolve(projectRoot, `.data/chromium-${version}`)
  const executable = join(folder, 'chromium')
  if (existsSync(executable)) return executable
  const partial = `${folder}.partial-${process.pid}`
  rmSync(partial, { recursive: true, force: true })
  mkdirSync(partial, { recursive: true })
  const tmpdir = process.env.TMPDIR
  process.env.TMPDIR = partial
  try {
    await registryChromium.executablePath()
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = tmpdir
  }
  try {
    renameSync(partial, folder)
  } catch {
    // Another test run unpacked the same version first.
    rmSync(partial, { recursive: true, force: true })
  }
  return executable
}
