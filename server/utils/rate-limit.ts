import type { Database } from '../../db/client'
import { sqliteCountBusyMs, type MinuteCount } from '../../db/minute-counters'
import { logger } from '../domain/shared/log'

export interface RateLimitVerdict {
  limit: number
  remaining: number
  allowed: boolean
  /** Seconds until the minute ends and the counter restarts, by the database's clock. */
  retryAfter: number
}

/**
 * Counts one request against `key` in the current minute of the database's clock, with one atomic
 * upsert (db/minute-counters.ts), so every server instance on that database shares the counter and
 * together they never allow more than the limit, whatever their own clocks say.
 */
export async function consumeRateLimit(database: Database, key: string, limit: number): Promise<RateLimitVerdict> {
  return rateLimitVerdict(await database.minuteCounters.add(key), limit)
}

/** The key a caller's requests to an endpoint are counted under. */
export function rateLimitKey(limitKey: string, endpoint: string): string {
  return `${limitKey} ${endpoint}`
}

/**
 * The verdict on a request counted `counted` times this minute. A request the counters were too busy
 * to count (null) is let through, not kept waiting: limits are a guard against a client's excess, and a
 * stalled request is an outage.
 */
export function rateLimitVerdict(counted: MinuteCount | null, limit: number): RateLimitVerdict {
  if (!counted) {
    reportUncounted()
    return { limit, remaining: limit, allowed: true, retryAfter: 60 }
  }
  return {
    limit,
    remaining: Math.max(0, limit - counted.count),
    allowed: counted.count <= limit,
    retryAfter: Math.max(1, Math.ceil((counted.windowEndsAt - counted.now) / 1000))
  }
}

let uncounted = 0
let reportedAt = -Infinity

/** One line a minute at most, however many requests go uncounted: the log must not flood while the counters are busy. */
function reportUncounted() {
  uncounted++
  if (Date.now() - reportedAt < 60_000) return
  logger.warn({ uncounted }, `Rate limits: requests let through uncounted since the last report; the counters were busy for more than ${sqliteCountBusyMs} ms`)
  reportedAt = Date.now()
  uncounted = 0
}

/** Drops the counters of minutes that have ended (the `platform:sweep` task). */
export function sweepRateLimitCounters(database: Database) {
  return database.minuteCounters.sweep()
}
