import { describe, expect, it } from 'vitest'
import { inArray } from 'drizzle-orm'
import { idempotencyKeys, rateLimitCounters } from '../../../db/schema'
import { sweepRateLimitCounters } from '../../../server/utils/rate-limit'
import { claimIdempotencyKey, sweepIdempotencyKeys } from '../../../server/utils/idempotency'
import { testDatabase } from '../../support/schools'

describe('platform:sweep', () => {
  it('drops counters of ended minutes and keeps the current one', async () => {
    const counters = testDatabase().minuteCounters
    await counters.db.insert(rateLimitCounters).values({ key: 'sweep-test old@0', count: 3, windowEndsAt: Date.now() - 5 * 60_000 })
    await counters.add('sweep-test current')
    await sweepRateLimitCounters(testDatabase())
    const left = await counters.db.select().from(rateLimitCounters)
    expect(left.some(row => row.key.startsWith('sweep-test old'))).toBe(false)
    expect(left.some(row => row.key.startsWith('sweep-test current'))).toBe(true)
  })

  it('drops idempotency keys older than 24 hours and keeps younger ones', async () => {
    const database = testDatabase()
    const now = Date.now()
    const old = await claimIdempotencyKey(database, 'tok_sweeptest', 'old', 'f', now - 25 * 3_600_000)
    const young = await claimIdempotencyKey(database, 'tok_sweeptest', 'young', 'f', now - 3_600_000)
    for (const claim of [old, young]) if (claim.kind === 'owner') await claim.complete({ status: 201, body: '{}' })
    await sweepIdempotencyKeys(database, now)
    const left = await database.db.select().from(idempotencyKeys).where(inArray(idempotencyKeys.key, ['old', 'young']))
    expect(left.map(row => row.key)).toEqual(['young'])
  })
})
