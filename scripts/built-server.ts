/**
 * The production server as `node .output/server/index.mjs` runs it (with the image's flags, server-flags.ts), on a free loopback port, for the
 * tests, the bench and the screenshots. Tests switch on checking every answer against its schema; the bench does not,
 * since production does not pay for it.
 */
import type { ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { spawnGroup, stopGroup } from './process-groups'
import { serverNodeFlags } from './server-flags'

export const projectRoot = resolve(import.meta.dirname, '..')

export interface RunningServer {
  url: string
  process: ChildProcess
  /** The last of what the server printed, for when it fails. */
  output: () => string
  stop: () => Promise<void>
}

export interface BuiltServerOptions {
  /** A build other than the project's `.output` (the bench runs a copy). */
  outputDir?: string
  env?: Record<string, string | undefined>
  /** The `/health` status to wait for; null to return at once. */
  waitFor?: string | null
  checkAnswers?: boolean
  /**
   * `test` or `bench`: the only modes in which the server honours test switches (RATE_LIMIT_SCALE and
   * the like). `env` is applied after it, so a test of production's behaviour sets `ROLLBOOK_MODE` there.
   * `production` serves as `npm start` does (the screenshots show what a school sees).
   */
  mode: 'test' | 'bench' | 'production'
  /** Told of the server's process as soon as it is spawned (the tests note it, to end it however they end). */
  onSpawn?: (child: ChildProcess) => void
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** What a server started on a port another process took first is told, so that it starts again on another. */
class PortTaken extends Error {}

/**
 * Starts the built server on a free port. A port is free when asked for, not when bound: with several test
 * files and suites starting servers at once, another may bind it first, and its /health would answer for
 * ours. Its uptime gives it away (longer than ours has lived), and the server starts again on another port.
 */
export async function startBuiltServer(options: BuiltServerOptions): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(options)
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error
    }
  }
}

async function startOnFreePort(options: BuiltServerOptions): Promise<RunningServer> {
  const port = await freePort()
  const spawnedAt = performance.now()
  const { ROLLBOOK_CHECK_RESPONSES: _, ...inherited } = process.env
  // A group of its own, ended whole (scripts/process-groups.ts), and killed if whoever started it exits first.
  const child = spawnGroup(process.execPath, [...serverNodeFlags, join(options.outputDir ?? resolve(projectRoot, '.output'), 'server/index.mjs')], {
    cwd: projectRoot,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ROLLBOOK_MODE: options.mode,
      // Passkeys need a host name, not an address: browsers reach the server as localhost.
      PUBLIC_URL: `http://localhost:${port}`,
      ...(options.checkAnswers ? { ROLLBOOK_CHECK_RESPONSES: '1' } : {}),
      ...options.env
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  options.onSpawn?.(child)
  let output = ''
  // The server logs a line per request; keep the tail, which is what a failure needs, not a bench's millions.
  const keep = (chunk: Buffer) => output = (output + chunk).slice(-256 * 1024)
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  // SIGTERM (the server drains and closes), SIGKILL five seconds later to whatever of its group is left.
  const stop = () => stopGroup(child)
  const waitFor = options.waitFor === undefined ? 'healthy' : options.waitFor
  const deadline = Date.now() + 60_000
  while (waitFor !== null) {
    if (child.exitCode !== null) {
      if (output.includes('EADDRINUSE')) throw new PortTaken(`Port ${port} was taken before the server bound it`)
      throw new Error(`The server exited early:\n${output}`)
    }
    let health: { status: string, uptime: number } | undefined
    try {
      health = await (await fetch(`${url}/health`)).json() as { status: string, uptime: number }
    } catch {}
    if (health && health.uptime > (performance.now() - spawnedAt) / 1000 + 0.5) {
      await stop()
      throw new PortTaken(`Port ${port} answered for another server`)
    }
    if (health?.status === waitFor) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`The server did not become ${waitFor}:\n${output}`)
    }
    await new Promise(done => setTimeout(done, 100))
  }
  return { url, process: child, output: () => output, stop }
}
