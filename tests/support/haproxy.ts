/**
 * Debian's HAProxy in front of a test's instances, with the deployment's own configuration (deploy/haproxy.cfg),
 * which reads its addresses from the environment. Start it in `beforeAll` and stop it in `afterAll`: it leads a
 * group of its own and is noted (tests/support/test-processes.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import { freePort, projectRoot } from './server-process'
import { spawnGroup, stopGroup } from '../../scripts/process-groups'
import { noteProcess } from './test-processes'

export const haproxyBinary = '/usr/sbin/haproxy'

export interface Balancer {
  url: string
  /** What HAProxy printed (its warnings and the checks that changed a server's state). */
  output: () => string
  /** The state HAProxy gives each instance (`UP`, `DOWN`, …), read from its statistics page. */
  states: () => Promise<Record<string, string>>
  /** Resolves once HAProxy's health checks find each named instance up (within 15 s). */
  untilUp: (names: readonly string[]) => Promise<void>
  stop: () => Promise<void>
}

/** A free loopback port for HAProxy, chosen before the instances start: their PUBLIC_URL names it. */
export const balancerPort = freePort

/**
 * Starts HAProxy on `port` over `instances` (up to three addresses, `127.0.0.1:PORT`; a missing one is left down), and
 * resolves once it answers. Its statistics page is on a port of its own, for `states()`.
 */
export async function startBalancer(port: number, instances: readonly string[]): Promise<Balancer> {
  const statsPort = await freePort()
  const env = {
    ...process.env,
    ROLLBOOK_LISTEN: `127.0.0.1:${port}`,
    ROLLBOOK_INSTANCE_1: instances[0] ?? 'unused.invalid:1',
    ROLLBOOK_INSTANCE_2: instances[1] ?? 'unused.invalid:1',
    ROLLBOOK_INSTANCE_3: instances[2] ?? 'unused.invalid:1'
  }
  const statsConfig = `frontend stats\n  bind 127.0.0.1:${statsPort}\n  stats enable\n  stats uri /stats\n`
  const folder = mkdtempSync(resolve(tmpdir(), 'rollbook-haproxy-'))
  writeFileSync(resolve(folder, 'stats.cfg'), statsConfig)
  const args = ['-db', '-f', resolve(projectRoot, 'deploy/haproxy.cfg'), '-f', resolve(folder, 'stats.cfg')]
  const child = spawnGroup(haproxyBinary, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  noteProcess(child, [haproxyBinary, ...args].join(' '))
  let printed = ''
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-20_000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const stop = async () => {
    await stopGroup(child)
    rmSync(folder, { recursive: true, force: true })
  }
  const states = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text()
    return Object.fromEntries(csv.split('\n').map(line => line.split(','))
      .filter(fields => fields[0] === 'instances' && fields[1]?.startsWith('app-')).map(fields => [fields[1]!, fields[17]!]))
  }
  const deadline = Date.now() + 15_000
  for (;;) {
    const answered = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`).then(response => response.ok, () => false)
    if (answered) break
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`HAProxy did not start: ${printed}`)
    }
    await new Promise(done => setTimeout(done, 50))
  }
  const untilUp = async (names: readonly string[]) => {
    const until = Date.now() + 15_000
    for (;;) {
      const seen = await states()
      if (names.every(name => seen[name] === 'UP')) return
      if (Date.now() > until) throw new Error(`HAProxy did not find ${names.join(', ')} up: ${JSON.stringify(seen)}`)
      await new Promise(done => setTimeout(done, 100))
    }
  }
  return { url: `http://localhost:${port}`, output: () => printed, states, untilUp, stop }
}
