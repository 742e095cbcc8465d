import { execFile, execFileSync, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, projectRoot } from '../../support/server-process'
import { serverNodeFlags } from '../../../scripts/server-flags'
import { spawnGroup } from '../../../scripts/process-groups'
import { noteProcess } from '../../support/test-processes'

/**
 * What the image holds, without an engine to build it: `.output` copied alone into an empty folder
 * outside the repository, run with plain `node` (as `nobody` when the tests run as root, as the image
 * runs as a user of its own) for the server and the bundled admin CLI.
 */
const folder = mkdtempSync(join(tmpdir(), 'rollbook-portable-'))
const app = join(folder, 'app')
const data = join(folder, 'data')
const asRoot = process.getuid?.() === 0
const user = asRoot
  ? {
      uid: Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' }))
    }
  : {}
const suiteUrl = process.env.DATABASE_URL ?? ''
const onPostgres = /^postgres(ql)?:\/\//.test(suiteUrl)
const children: ChildProcess[] = []

/** Nothing of the developer's environment: where node is, and the settings an operator gives. */
function environment(env: Record<string, string>) {
  return { PATH: process.env.PATH, NODE_ENV: 'production', ...env }
}

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number, stdout: string, stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, ['.output/cli/admin.mjs', ...args], { cwd: app, env: environment(env), ...user }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code) : 0, stdout, stderr })
    })
  })
}

/** `node .output/server/index.mjs` from the copy with the image's flags, once it is healthy and has said what the database holds. */
async function startServer(env: Record<string, string>) {
  const port = await freePort()
  const child = spawnGroup(
    process.execPath, [...serverNodeFlags, '.output/server/index.mjs'],
    { cwd: app, env: environment({ HOST: '127.0.0.1', PORT: String(port), ...env }), stdio: ['ignore', 'pipe', 'pipe'], ...user }
  )
  children.push(child)
  noteProcess(child, 'the copied build\'s server (portable-output.test.ts)')
  let output = ''
  child.stdout!.on('data', chunk => output += chunk)
  child.stderr!.on('data', chunk => output += chunk)
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The copied server exited: ${output}`)
    if (Date.now() > deadline) throw new Error(`The copied server did not start: ${output}`)
    const health = await fetch(`${url}/health`).then(response => response.json(), () => undefined)
    if (health?.status === 'healthy' && /has no school yet|A demo school was made|has \d+ schools?:/.test(output)) break
    await new Promise(done => setTimeout(done, 200))
  }
  return { url, output: () => output, stop: () => stop(child) }
}

function stop(child: ChildProcess) {
  return new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done()
    child.once('exit', () => done())
    child.kill('SIGTERM')
  })
}

async function people(url: string, token: string) {
  return fetch(`${url}/api/v1/people?limit=1`, { headers: { authorization: `Bearer ${token}` } })
}

beforeAll(() => {
  cpSync(resolve(projectRoot, '.output'), join(app, '.output'), { recursive: true })
  mkdirSync(data)
  // mkdtemp makes the folder for its owner alone; the unprivileged user reads the build and writes only the data.
  chmodSync(folder, 0o755)
  if (asRoot) chownSync(data, user.uid!, user.gid!)
})

afterAll(async () => {
  await Promise.all(children.map(stop))
  rmSync(folder, { recursive: true, force: true })
})

describe('.output alone, outside the repository', () => {
  it('serves on a fresh SQLite file, makes the demo school with ROLLBOOK_DEMO=on and names the bundled CLI, which issues a working token', async () => {
    const env = { DATABASE_URL: `file:${join(data, 'rollbook.db')}`, ROLLBOOK_DEMO: 'on' }
    const server = await startServer(env)
    const banner = server.output()
    expect(banner).toContain(`A demo school was made on this empty database (the SQLite file ${join(data, 'rollbook.db')})`)
    expect(banner).toMatch(/its administrator admin@example\.org signs in once with this link \(24 hours\)/)
    expect(banner).toContain('Issue tokens of your own: node .output/cli/admin.mjs token issue --school sch_')
    const demoToken = /\n {2}(rbk_\w+)\n/.exec(banner)![1]!
    expect((await people(server.url, demoToken)).status).toBe(200)

    const [school] = JSON.parse((await runCli(['school', 'list', '--json'], env)).stdout)
    const issued = await runCli(['token', 'issue', '--school', school.id, '--purpose', 'Portable test', '--scopes', 'person.read', '--json'], env)
    expect(issued.code).toBe(0)
    expect((await people(server.url, JSON.parse(issued.stdout).token)).status).toBe(200)
    await server.stop()
  })

  // Three server starts and a demo seed on PostgreSQL: about 30 s here, more on a busy machine.
  it.runIf(onPostgres)('serves on PostgreSQL: no demo school by default, one between two servers starting together with ROLLBOOK_DEMO=on', async () => {
    const name = `${new URL(suiteUrl).pathname.slice(1)}_portable`
    const url = new URL(suiteUrl)
    url.pathname = `/${name}`
    const env = { DATABASE_URL: url.toString() }
    const admin = postgres(suiteUrl, { max: 1, onnotice: () => {} })
    const freshDatabase = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.unsafe(`create database "${name}"`)
    }
    try {
      await freshDatabase()
      const server = await startServer(env)
      expect(server.output()).toContain('has no school yet. Make the first one and a token with the admin CLI')
      expect(server.output()).toContain('node .output/cli/admin.mjs school create --name "Your School"')
      await server.stop()

      await freshDatabase()
      const both = await Promise.all([startServer({ ...env, ROLLBOOK_DEMO: 'on' }), startServer({ ...env, ROLLBOOK_DEMO: 'on' })])
      const banners = both.map(started => started.output())
      expect(banners.filter(banner => banner.includes('A demo school was made'))).toHaveLength(1)
      expect(banners.filter(banner => /has 1 school:\n {2}sch_\w+ {2}Demo School/.test(banner))).toHaveLength(1)
      const schools = JSON.parse((await runCli(['school', 'list', '--json'], env)).stdout)
      expect(schools).toHaveLength(1)
      const issued = JSON.parse(
        (await runCli(['token', 'issue', '--school', schools[0].id, '--purpose', 'Portable test', '--scopes', 'person.read', '--json'], env)).stdout
      )
      for (const started of both) expect((await people(started.url, issued.token)).status).toBe(200)
      await Promise.all(both.map(started => started.stop()))
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end()
    }
  }, 180_000)
})
