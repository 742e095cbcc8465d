/**
 * The production server as `node .output/server/index.mjs` runs it, on a free loopback port. The
 * bench keeps its own starter rather than the tests': test servers switch on checks (such as
 * validating every answer against its schema) that production does not pay for.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'

export const projectRoot = resolve(import.meta.dirname, '../..')

export interface BenchServer {
  url: string
  /** Everything the server printed, for when it fails. */
  output: () => string
  stop: () => Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Starts the built server in `build` (a copy of `.output`) with `env` on top of this process's and
 * waits until `/health` says healthy.
 */
export async function startServer(build: string, env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort()
  const { ROLLBOOK_CHECK_RESPONSES: _, ...inherited } = process.env
  const child = spawn(process.execPath, [join(build, 'server/index.mjs')], {
    cwd: projectRoot,
    env: { ...inherited, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout!.on('data', chunk => output += chunk)
  child.stderr!.on('data', chunk => output += chunk)
  const url = `http://127.0.0.1:${port}`
  const stop = () => new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done()
    const stubborn = setTimeout(() => child.kill('SIGKILL'), 5000)
    child.once('exit', () => {
      clearTimeout(stubborn)
      done()
    })
    child.kill('SIGTERM')
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`)
    try {
      const health = await (await fetch(`${url}/health`)).json() as { status: string }
      if (health.status === 'healthy') break
    } catch {}
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`The server did not become healthy:\n${output}`)
    }
    await new Promise(done => setTimeout(done, 100))
  }
  return { url, output: () => output, stop }
}
