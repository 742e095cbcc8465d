/**
 * One autocannon run against one URL. autocannon's own latency histogram keeps whole milliseconds,
 * which says little when most answers take under one, so every response time is kept here and the
 * percentiles are read from them.
 */
import autocannon from 'autocannon'

export interface LoadSettings {
  connections: number
  /** Seconds measured. */
  duration: number
  /** Seconds of load before measuring, thrown away (JIT, statement caches, connection pools). */
  warmup: number
}

export interface Measurement {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Answers that were not 2xx, and connection errors or timeouts: any makes the figures worthless. */
  failures: number
  /** The server's own peak resident memory during the row, where the bench reads it (memory-line.ts). */
  peakMb?: number
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!
}

/** A POST row's method and JSON body; a GET row has none. */
export interface RequestBody { method: 'POST', body: string }

/** The path of each request in turn, for a row whose every request asks something new. */
export type PathOf = (n: number) => string

async function load(
  url: string, headers: Record<string, string>, connections: number, duration: number, request?: RequestBody, record?: (ms: number) => void,
  pathOf?: PathOf
) {
  let sent = 0
  const varied = pathOf ? { requests: [{ setupRequest: (made: { path: string }) => ({ ...made, path: pathOf(sent++) }) }] } : {}
  const instance = autocannon({ url, headers, connections, duration, pipelining: 1, ...request, ...varied })
  if (record) instance.on('response', (_client, _status, _bytes, responseTime) => record(responseTime))
  return await instance
}

export async function measure(
  url: string, headers: Record<string, string>, settings: LoadSettings, request?: RequestBody, pathOf?: PathOf
): Promise<Measurement> {
  // The warm-up asks from a far-off start, so the measured requests are new to the server too.
  if (settings.warmup > 0) await load(url, headers, settings.connections, settings.warmup, request, undefined, pathOf && (n => pathOf(n + 1_000_000)))
  let times = new Float64Array(1 << 16)
  let count = 0
  const result = await load(url, headers, settings.connections, settings.duration, request, (ms) => {
    if (count === times.length) {
      const grown = new Float64Array(times.length * 2)
      grown.set(times)
      times = grown
    }
    times[count++] = ms
  }, pathOf)
  const sorted = times.subarray(0, count).sort()
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: percentile(sorted, 0.50),
    p99Ms: percentile(sorted, 0.99),
    failures: result.non2xx + result.errors + result.timeouts
  }
}
