import { lt, sql } from 'drizzle-orm'
import { rateLimitCounters } from '../../db/schema'
import type { Database } from '../../db/client'

export interface RateLimitVerdict {
  limit: number
  remaining: number
  allowed: boolean
  /** Seconds until the clock minute ends and the counter restarts. */
  retryAfter: number
}

/**
 * Counts one request against `key` in the current clock minute. The counter lives in the database
 * and is bumped with one atomic upsert, so every server instance on that database shares it and
 * together they never allow more than the limit. The upsert does not wait for the disk: a crash may
 * forget the last moments' counts, which only ever lets a few more requests through.
 */
export async function consumeRateLimit(database: Database, key: string, limit: number, now = Date.now()): Promise<RateLimitVerdict> {
  const windowStart = now - (now % 60_000)
  const windowEndsAt = windowStart + 60_000
  const [counter] = await database.prepared('rate-limit-count-request', db => db.insert(rateLimitCounters)
    .values({ key: sql.placeholder('key'), count: 1, windowEndsAt: sql.placeholder('windowEndsAt') })
    .onConflictDoUpdate({ target: rateLimitCounters.key, set: { count: sql`${rateLimitCounters.count} + 1` } })
    .returning({ count: rateLimitCounters.count }), { write: true, durable: false })({ key: `${key}@${windowStart}`, windowEndsAt })
  const count = counter!.count
  return { limit, remaining: Math.max(0, limit - count), allowed: count <= limit, retryAfter: Math.max(1, Math.ceil((windowEndsAt - now) / 1000)) }
}

/** Drops the counters of minutes that have ended (the `platform:sweep` task). */
export async function sweepRateLimitCounters(database: Database, now = Date.now()) {
  await database.transaction(tx => tx.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, now)))
}
