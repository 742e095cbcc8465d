/**
 * The district's load: `connections` callers at once, each asking in turn of every school through every
 * instance (the `n`th request goes to school n mod schools and instance n mod instances, so each school is asked
 * as often as the others, through each instance alike), each with its school's headers. Every answer's time is
 * kept by school, so the row reads each school's p99 rather than the district's alone, which a slow school hides in.
 */
import { Agent, request } from 'node:http'

export interface SchoolCaller {
  schoolId: string
  headers: Record<string, string>
}

export interface SpreadLoad {
  /** The instances' base URLs. */
  servers: string[]
  callers: SchoolCaller[]
  /** The path asked of every school, such as `/api/v1/people?limit=100`. */
  path: string
  connections: number
  /** Seconds measured, after `warmup` seconds thrown away. */
  duration: number
  warmup: number
}

export interface SpreadResult {
  requests: number
  requestsPerSecond: number
  failures: number
  /** Every answer's p99, and each school's, in ms. */
  p99Ms: number
  p50Ms: number
  schoolP99Ms: number[]
}

/** The `p` quantile of sorted times (nearest rank). */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!
}

function ask(url: URL, agent: Agent, headers: Record<string, string>): Promise<number> {
  return new Promise((done, fail) => {
    const sent = request(url, { agent, headers }, (answer) => {
      answer.resume()
      answer.on('end', () => done(answer.statusCode ?? 0))
      answer.on('error', fail)
    })
    sent.on('error', fail)
    sent.end()
  })
}

async function run(load: SpreadLoad, seconds: number, record?: (school: number, ms: number) => void) {
  const agents = load.servers.map(() => new Agent({ keepAlive: true, maxSockets: load.connections }))
  const urls = load.servers.map(server => new URL(load.path, server))
  const deadline = performance.now() + seconds * 1000
  let next = 0
  let failures = 0
  const caller = async () => {
    while (performance.now() < deadline) {
      const n = next++
      const school = n % load.callers.length
      const instance = n % load.servers.length
      const started = performance.now()
      try {
        const status = await ask(urls[instance]!, agents[instance]!, load.callers[school]!.headers)
        if (status < 200 || status > 299) failures++
      } catch {
        failures++
      }
      record?.(school, performance.now() - started)
    }
  }
  await Promise.all(Array.from({ length: load.connections }, caller))
  for (const agent of agents) agent.destroy()
  return { requests: next, failures }
}

/** Runs the load: a warm-up thrown away, then `duration` seconds measured. */
export async function spreadLoad(load: SpreadLoad): Promise<SpreadResult> {
  if (load.warmup > 0) await run(load, load.warmup)
  const bySchool: number[][] = load.callers.map(() => [])
  const started = performance.now()
  const { requests, failures } = await run(load, load.duration, (school, ms) => bySchool[school]!.push(ms))
  const seconds = (performance.now() - started) / 1000
  const all = Float64Array.from(bySchool.flat()).sort()
  return {
    requests, requestsPerSecond: requests / seconds, failures, p50Ms: quantile(all, 0.5), p99Ms: quantile(all, 0.99),
    schoolP99Ms: bySchool.map(times => quantile(Float64Array.from(times).sort(), 0.99))
  }
}
