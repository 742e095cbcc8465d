import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { idempotencyKeys, rateLimitCounters } from '../../../db/schema'
import { DomainError } from '../../../server/domain/shared/domain-error'
import {
  claimIdempotencyKey, idempotencyLeaseMs, legacyRequestFingerprint, requestFingerprints, type IdempotencyClaim, type IdempotencyOwner
} from '../../../server/utils/idempotency'
import { testDatabase } from '../../support/schools'

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/** Claims go under an owner of each test's own: the database is the one every test file shares. */
const newOwner = () => `tok_claims${randomUUID().replaceAll('-', '').slice(0, 12)}`

function owner(claim: IdempotencyClaim): IdempotencyOwner {
  if (claim.kind !== 'owner') throw new Error(`Expected to own the key, got a replay of ${claim.answer.body}`)
  return claim
}

async function refusalOf(attempt: Promise<unknown>): Promise<DomainError> {
  try {
    await attempt
  } catch (error) {
    if (error instanceof DomainError) return error
    throw error
  }
  throw new Error('Expected a refusal')
}

async function keyRow(tokenId: string, key: string) {
  const rows = await testDatabase().db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.tokenId, tokenId), eq(idempotencyKeys.key, key)))
  return rows[0]
}

describe('idempotency claims', () => {
  it('are not taken over while the holder\'s lease lasts, and are once it has ended', async () => {
    const database = testDatabase()
    const tokenId = newOwner()
    const start = Date.now()
    const first = owner(await claimIdempotencyKey(database, tokenId, 'k', 'same request', start))
    const firstClaimId = (await keyRow(tokenId, 'k'))!.claimId

    for (const at of [start + 1, start + idempotencyLeaseMs]) {
      const refused = await refusalOf(claimIdempotencyKey(database, tokenId, 'k', 'same request', at))
      expect(refused.code).toBe('conflict')
      expect(refused.detail.join(' ')).toMatch(/still in progress/)
    }
    expect((await keyRow(tokenId, 'k'))!.claimId).toBe(firstClaimId)

    const second = owner(await claimIdempotencyKey(database, tokenId, 'k', 'same request', start + idempotencyLeaseMs + 1))
    expect((await keyRow(tokenId, 'k'))!.claimId).not.toBe(firstClaimId)
    await second.complete({ status: 201, body: '"second"' })
    await first.fail(null)

    // A claim that finished is replayed, never taken over, however long ago its lease ended.
    const later = await claimIdempotencyKey(database, tokenId, 'k', 'same request', start + 100 * idempotencyLeaseMs)
    expect(later).toEqual({ kind: 'replay', answer: { status: 201, body: '"second"' } })
  })

  it('leave nothing for a holder that lost its claim to change: not the new holder\'s answer, not its key', async () => {
    const database = testDatabase()
    const tokenId = newOwner()
    const start = Date.now()
    const first = owner(await claimIdempotencyKey(database, tokenId, 'k', 'same request', start))
    const second = owner(await claimIdempotencyKey(database, tokenId, 'k', 'same request', start + idempotencyLeaseMs + 1))
    const taken = (await keyRow(tokenId, 'k'))!

    // While the new holder works, the old one can neither answer for it nor free the key.
    await first.complete({ status: 201, body: '"first"' })
    await first.fail({ status: 409, body: '"first refused"' })
    await first.fail(null)
    expect(await keyRow(tokenId, 'k')).toEqual(taken)

    // Its work, which stores the answer in its own transaction, is refused and rolled back whole.
    const marker = `claims-test-${randomUUID()}`
    const refused = await refusalOf(database.transaction(async (tx) => {
      await tx.insert(rateLimitCounters).values({ key: marker, count: 1, windowEndsAt: Date.now() })
      await first.storeWithin(tx, { status: 201, body: '"first"' })
    }))
    expect(refused.code).toBe('conflict')
    expect(await database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, marker))).toEqual([])
    expect(await keyRow(tokenId, 'k')).toEqual(taken)

    await second.complete({ status: 201, body: '"second"' })
    await first.complete({ status: 201, body: '"first"' })
    await first.fail(null)
    expect(await claimIdempotencyKey(database, tokenId, 'k', 'same request')).toEqual({ kind: 'replay', answer: { status: 201, body: '"second"' } })
  })

  it('are kept by renewal while the work runs for longer than the lease', async () => {
    const database = testDatabase()
    const tokenId = newOwner()
    // A short lease, renewed every third of it; waits of several leases leave room for a busy machine.
    const leaseMs = 1500
    const first = owner(await claimIdempotencyKey(database, tokenId, 'k', 'same request', Date.now(), leaseMs))
    const claimedUntil = (await keyRow(tokenId, 'k'))!.leaseUntil
    const lease = first.keepAlive()
    try {
      await sleep(2.5 * leaseMs)
      const refused = await refusalOf(claimIdempotencyKey(database, tokenId, 'k', 'same request', Date.now(), leaseMs))
      expect(refused.detail.join(' ')).toMatch(/still in progress/)
      expect((await keyRow(tokenId, 'k'))!.leaseUntil).toBeGreaterThan(claimedUntil + leaseMs)
    } finally {
      lease.stop()
    }
    await sleep(leaseMs + 200)
    const second = owner(await claimIdempotencyKey(database, tokenId, 'k', 'same request', Date.now(), leaseMs))
    await second.complete({ status: 201, body: '"second"' })
  })

  it('keep the answer the work committed, whatever fails after it, and free the key when the work rolled back', async () => {
    const database = testDatabase()
    const tokenId = newOwner()
    const committed = owner(await claimIdempotencyKey(database, tokenId, 'committed', 'same request'))
    await database.transaction(tx => committed.storeWithin(tx, { status: 201, body: '"done once"' }))
    // What the pipeline does when the request fails after the commit with an answer it does not keep.
    await committed.fail(null)
    expect(await claimIdempotencyKey(database, tokenId, 'committed', 'same request')).toEqual({ kind: 'replay', answer: { status: 201, body: '"done once"' } })

    const rolledBack = owner(await claimIdempotencyKey(database, tokenId, 'rolled back', 'same request'))
    await refusalOf(database.transaction(async (tx) => {
      await rolledBack.storeWithin(tx, { status: 201, body: '"never committed"' })
      throw new DomainError('conflict', ['The commit failed.'])
    }))
    await rolledBack.fail(null)
    expect((await claimIdempotencyKey(database, tokenId, 'rolled back', 'same request')).kind).toBe('owner')
  })

  it('replay a key an earlier build stored from the bytes of its body, to a retry of those bytes', async () => {
    const database = testDatabase()
    const tokenId = newOwner()
    const sent = '{"student":{"givenNames":"Aroha","familyName":"Ngata"}}'
    const stored = owner(await claimIdempotencyKey(database, tokenId, 'from before', legacyRequestFingerprint('POST', '/api/v1/enquiries', sent)))
    await stored.complete({ status: 201, body: '"done before the upgrade"' })
    // The bytes are not in canonical form (keys unsorted), so only the earlier fingerprint matches them.
    expect(
      await claimIdempotencyKey(database, tokenId, 'from before', requestFingerprints('POST', '/api/v1/enquiries', { raw: sent, value: JSON.parse(sent) }))
    )
      .toEqual({ kind: 'replay', answer: { status: 201, body: '"done before the upgrade"' } })
    await expect(
      claimIdempotencyKey(database, tokenId, 'from before', requestFingerprints('POST', '/api/v1/enquiries', { raw: '{}', value: {} }))
    ).rejects.toMatchObject({ code: 'conflict' })
  })
})
