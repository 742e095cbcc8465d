import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { scopeNames } from '../../../server/domain/access/catalogue'
import { stopGroup } from '../../../scripts/process-groups'
import { freePort, projectRoot } from '../../support/server-process'
import { spawnForTest } from '../../support/spawn-for-test'
import { adminJson } from '../../support/admin-cli'

const folders: string[] = []
afterAll(() => folders.forEach(folder => rmSync(folder, { recursive: true, force: true })))

function newFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'rollbook-start-test-'))
  folders.push(folder)
  return folder
}

/** The last line of each banner the server prints at start (server/domain/setup/start-banners.ts), printed in one piece. */
const bannerEnd = /Issue tokens of your own: |Every command: |For a demo school with sample people instead: /

interface StartRun { stdout: string, stderr: string, code: number | null, port: number }

/**
 * `npm start -- --no-build` as a self-hoster runs it, in `cwd` on a free loopback port, stopped once
 * the server it starts has printed its first-start banner (after migrating) or once it exits by itself.
 * npm start is tsx, which runs node, which runs the server: a signal to tsx alone once left the server
 * running after the suite, its parent gone, so the three are a process group, stopped whole, and stopped
 * when the test ends however it ends (a timeout included: the test's budget bounds the wait).
 */
function npmStart(cwd: string, env: Record<string, string> = {}, args: string[] = []): Promise<StartRun> {
  return startUntilBanner(cwd, [resolve(projectRoot, 'node_modules/.bin/tsx'), resolve(projectRoot, 'scripts/start.ts'), '--no-build', ...args], env)
}

/** The build served directly, as the container image starts it (`PORT=… node .output/server/index.mjs`), stopped as npmStart's. */
function builtServerStart(cwd: string, env: Record<string, string> = {}): Promise<StartRun> {
  return startUntilBanner(cwd, [process.execPath, resolve(projectRoot, '.output/server/index.mjs')], env)
}

async function startUntilBanner(cwd: string, [command, ...args]: string[], env: Record<string, string>): Promise<StartRun> {
  const { DATABASE_URL: _, ROLLBOOK_DEMO: __, PUBLIC_URL: ___, NUXT_PUBLIC_URL: ____, ...inherited } = process.env
  const port = await freePort()
  const child = spawnForTest(command!, args, {
    cwd,
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', chunk => stdout += chunk)
  child.stderr!.on('data', chunk => stderr += chunk)
  const exited = new Promise<number | null>(done => child.once('exit', code => done(code)))
  while (child.exitCode === null && child.signalCode === null && !bannerEnd.test(stdout)) {
    await new Promise(done => setTimeout(done, 100))
  }
  await stopGroup(child)
  const code = await exited
  return { stdout, stderr, code, port }
}

/**
 * Every address the banner names, as printed (without the quotes around those with a query); Nitro's own
 * "Listening on" line names the interface bound (HOST), not where people open Rollbook.
 */
const addressesIn = (output: string) => output.split('\n').filter(line => !/Listening on/.test(line))
  .flatMap(line => line.match(/https?:\/\/[^\s"]+/g) ?? []).map(address => address.replace(/[.,:)]+$/, ''))

function readSqlite<T>(path: string, query: string): T[] {
  const db = new BetterSqlite3(path, { readonly: true })
  try {
    return db.prepare(query).all() as T[]
  } finally {
    db.close()
  }
}

describe('npm start', () => {
  // The demo's folder: the second test starts again on the first's data.
  let demoFolder: string
  it('makes a demo school on the embedded SQLite default, with a week-long token that cannot read restricted records, and says so', async () => {
    const cwd = demoFolder = newFolder()
    const { stdout, port } = await npmStart(cwd)
    expect(stdout).toContain('A demo school was made on this empty database (the SQLite file .data/rollbook.db)')
    // Every address names the port the server listens on, not the default 3000.
    expect(addressesIn(stdout).length).toBeGreaterThanOrEqual(6)
    for (const address of addressesIn(stdout)) expect(address).toMatch(new RegExp(`^http://localhost:${port}(/|$)`))
    const token = /\n {2}(rbk_\w+)\n/.exec(stdout)?.[1]
    expect(token).toBeDefined()
    const expiresOn = /It lasts 7 days, until (\d{4}-\d\d-\d\d), and holds every scope except restricted\.read:/.exec(stdout)?.[1]
    expect(expiresOn).toBeDefined()
    const demoScopes = scopeNames.filter(scope => scope !== 'restricted.read')
    expect(stdout).toContain(`\n  ${demoScopes.join(', ')}\n`)

    // Every address with a query in the banner sits inside quotes, so a shell passes the `?` on.
    const addresses = stdout.match(/\S*http:\/\/localhost:\d+\/\S*\?\S*/g) ?? []
    expect(addresses.length).toBeGreaterThan(0)
    for (const address of addresses) expect(address).toMatch(/^"http:\/\/localhost:\d+\/(api\/v1\/people\?limit=5|sign-in\/link\?token=[\w-]+)"$/)
    // The demo's administrator signs in once with the link printed beside the token.
    expect(stdout).toMatch(/its administrator admin@example\.org signs in once with this link \(24 hours\)/)

    const [row] = readSqlite<{ scopes: string, created_at: string, expires_at: string }>(
      join(cwd, '.data/rollbook.db'), 'select scopes, created_at, expires_at from api_tokens where purpose like \'Demo: every scope%\''
    )
    expect(row!.scopes.split(' ')).toEqual(demoScopes)
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(7 * 86_400_000)
    const sydneyDays = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' })
    const sydneyDay = sydneyDays.format(new Date(row!.expires_at))
    expect(expiresOn).toBe(sydneyDay)
  })

  // A test of its own, not the first's second half: each start is one bounded piece of work in its own budget.
  it('started again on the same data, names the schools there and how to get a token, instead of a bare "Listening on"', async () => {
    const cwd = demoFolder
    expect(cwd, 'the first test made the demo').toBeDefined()
    const again = await npmStart(cwd)
    const [school] = readSqlite<{ id: string, name: string }>(join(cwd, '.data/rollbook.db'), 'select id, name from schools')
    expect(again.stdout).not.toContain('A demo school was made')
    for (const address of addressesIn(again.stdout)) expect(address).toMatch(new RegExp(`^http://localhost:${again.port}/`))
    expect(again.stdout).toContain('The SQLite file .data/rollbook.db has 1 school:')
    expect(again.stdout).toContain(`  ${school!.id}  Demo School  (Australia/Sydney)`)
    expect(again.stdout).toContain(`npm run -s admin -- token issue --school ${school!.id}`)
    expect(again.stdout)
      .toContain('To start over, stop Rollbook and delete .data/rollbook.db and the files beside it that start with its name (rm .data/rollbook.db*).')
    expect(readSqlite(join(cwd, '.data/rollbook.db'), 'select id from schools')).toHaveLength(1)
  })

  it('with NUXT_PUBLIC_URL set, names that address in every link but the outbox served to this machine alone', async () => {
    const publicUrl = 'https://rollbook.example.org'
    const { stdout, port } = await npmStart(newFolder(), { NUXT_PUBLIC_URL: `${publicUrl}/` })
    expect(stdout).toContain('A demo school was made')
    expect(stdout).toMatch(new RegExp(`\\n {2}"${publicUrl}/sign-in/link\\?token=[\\w-]+"\\n`))
    expect(stdout).toContain(`PUBLIC_URL=${publicUrl} npm run -s admin -- family invite`)
    const addresses = addressesIn(stdout)
    expect(addresses.filter(address => !address.startsWith(`${publicUrl}/`) && address !== publicUrl)).toEqual([`http://localhost:${port}/dev/outbox`])
  })

  it('served as the image serves it, on PORT alone, names that port, and the family invitation it prints opens there', async () => {
    const cwd = newFolder()
    const { stdout, port } = await builtServerStart(cwd)
    expect(stdout).toContain('A demo school was made')
    for (const address of addressesIn(stdout)) expect(address).toMatch(new RegExp(`^http://localhost:${port}(/|$)`))
    const invite = /\n {2}PUBLIC_URL=(\S+) npm run -s admin -- family invite --school (\S+) --person (\S+) --json\n/.exec(stdout)
    expect(invite?.[1]).toBe(`http://localhost:${port}`)
    const invited = await adminJson(
      ['family', 'invite', '--school', invite![2]!, '--person', invite![3]!],
      { DATABASE_URL: `file:${join(cwd, '.data/rollbook.db')}`, PUBLIC_URL: invite![1] }
    )
    expect(invited.signInLink).toMatch(new RegExp(`^http://localhost:${port}/sign-in/link\\?token=`))
  })

  it('makes no demo school on a database named in DATABASE_URL, and says how to make the first school', async () => {
    const cwd = newFolder()
    const path = join(cwd, 'school.db')
    const { stdout } = await npmStart(cwd, { DATABASE_URL: `file:${path}` })
    expect(stdout).toContain(`The SQLite file ${path} has no school yet. Make the first one and a token with the admin CLI`)
    expect(stdout).toContain('npm run -s admin -- school create --name "Your School" --time-zone Australia/Sydney')
    expect(stdout).toContain('npm run -s admin -- token issue --school sch_…')
    expect(stdout).not.toMatch(/rbk_\w/)
    expect(readSqlite(path, 'select id from schools')).toEqual([])
  })

  it('never makes one with ROLLBOOK_DEMO=off, not even with --demo', async () => {
    const cwd = newFolder()
    const { stdout } = await npmStart(cwd, { ROLLBOOK_DEMO: 'off' }, ['--demo'])
    expect(stdout).toContain('has no school yet')
    expect(readSqlite(join(cwd, '.data/rollbook.db'), 'select id from schools')).toEqual([])
  })

  it('says in one line, without the password, that the database cannot be reached', async () => {
    const port = await freePort()
    const run = await npmStart(newFolder(), { DATABASE_URL: `postgres://rollbook:s3cret-Pa55@127.0.0.1:${port}/school` })
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe(`Cannot reach the database at postgres://rollbook:***@127.0.0.1:${port}/school: connection refused.`)
    expect(run.stdout + run.stderr).not.toContain('s3cret')
  })
})
