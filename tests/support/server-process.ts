import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

export const projectRoot = resolve(import.meta.dirname, '../..')

export interface RunningServer {
  url: string
  process: ChildProcess
  output: () => string
  stop: () => Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Starts the built server (`.output`) on a free loopback port and waits until `/health` says `waitFor`. */
export async function startBuiltServer(env: Record<string, string | undefined> = {}, waitFor: string | null = 'healthy'): Promise<RunningServer> {
  const port = await freePort()
  const child = spawn(process.execPath, [resolve(projectRoot, '.output/server/index.mjs')], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ROLLBOOK_CHECK_RESPONSES: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout!.on('data', chunk => output += chunk)
  child.stderr!.on('data', chunk => output += chunk)
  const url = `http://127.0.0.1:${port}`
  const stop = () => new Promise<void>((done) => {
    if (child.exitCode !== null) return done()
    child.once('exit', () => done())
    child.kill('SIGTERM')
  })
  const deadline = Date.now() + 60_000
  while (waitFor !== null) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`)
    try {
      const health = await (await fetch(`${url}/health`)).json() as { status: string }
      if (health.status === waitFor) break
    } catch {}
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`The server did not become ${waitFor}:\n${output}`)
    }
    await new Promise(r => setTimeout(r, 100))
  }
  return { url, process: child, output: () => output, stop }
}
