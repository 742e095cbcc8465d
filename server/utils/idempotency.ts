import { createHash, randomUUID } from 'node:crypto'
import { and, eq, lt, or } from 'drizzle-orm'
import { idempotencyKeys } from '../../db/schema'
import type { Database, Db } from '../../db/client'
import { validationFailed } from '../domain/shared/domain-error'
import { apiError } from './errors'
import { faultSummary, logger } from '../domain/shared/log'

const honouredForMs = 24 * 60 * 60 * 1000
/** A running claim whose holder has not renewed it for this long belongs to a process that died. */
export const idempotencyLeaseMs = 60_000

export interface StoredAnswer { status: number, body: string }

export interface IdempotencyOwner {
  kind: 'owner'
  /**
   * Stores the answer inside the work's own transaction, so the answer and the work commit together.
   * A claim taken over meanwhile is `conflict`, which rolls the work back: the new holder does it.
   */
  storeWithin: (tx: Db, answer: StoredAnswer) => Promise<void>
  /** After the work returned: stores its answer while the claim is still this request's. */
  complete: (answer: StoredAnswer) => Promise<void>
  /**
   * After the work failed: stores the refusal, or forgets the key (`null`) for refusals that are not
   * kept. Only a claim still running is touched, so an answer the work committed before something
   * else failed stays to be replayed.
   */
  fail: (refusal: StoredAnswer | null) => Promise<void>
  /** Renews the lease every third of it until `stop` is called. */
  keepAlive: () => { stop: () => void }
}

export type IdempotencyClaim = IdempotencyOwner | { kind: 'replay', answer: StoredAnswer }

/** JSON with every object's keys sorted, at any depth, and arrays in order: one text for one value, however its keys were ordered. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) => item && typeof item === 'object' && !Array.isArray(item)
    ? Object.fromEntries(Object.keys(item).sort().map(key => [key, (item as Record<string, unknown>)[key]]))
    : item)
}

/**
 * What makes two requests under one key the same: method, path and the body's canonical form, so
 * the same JSON with its keys in another order or other spacing is the same request.
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${body === undefined ? '' : canonicalJson(body)}`).digest('hex')
}

/**
 * The fingerprint builds before the canonical form stored: of the body's bytes. It equals the
 * canonical one for a body sent in canonical form, and lets a retry of the same bytes still match a
 * key stored before an upgrade, for the 24 hours keys are honoured.
 */
export function legacyRequestFingerprint(method: string, path: string, rawBody: string): string {
  return createHash('sha256').update(`${method} ${path}\n${rawBody}`).digest('hex')
}

/** A request's fingerprint, stored with its key, then the one an earlier build would have stored. */
export function requestFingerprints(method: string, path: string, body: { raw: string, value: unknown } | undefined): [string, string] {
  return [requestFingerprint(method, path, body?.value), legacyRequestFingerprint(method, path, body?.raw ?? '')]
}

export function checkIdempotencyKey(key: string) {
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw validationFailed([{ path: 'Idempotency-Key', message: 'Use 1 to 255 visible ASCII characters.' }])
  }
}

/**
 * Claims an `Idempotency-Key` for a principal. The insert is atomic, so of any number of concurrent
 * requests with one key exactly one becomes the owner and does the work; the others get `conflict`
 * while it runs, and its stored answer afterwards. A claim carries its own id and a lease the owner
 * renews while it works: a retry takes over only a claim whose holder stopped renewing it, and every
 * statement of the owner names its claim, so a holder that lost its claim overwrites nothing and its
 * work, which stores the answer in its own transaction, rolls back. `fingerprint` is the request's,
 * or a list whose first is stored and any of which a stored one may equal (`requestFingerprints`).
 * `now` and `leaseMs` are the clock and the lease's length; tests pass their own, requests take the
 * defaults.
 */
export async function claimIdempotencyKey(
  database: Database, owner: string, key: string, fingerprint: string | readonly string[], now = Date.now(), leaseMs = idempotencyLeaseMs
): Promise<IdempotencyClaim> {
  const fingerprints = typeof fingerprint === 'string' ? [fingerprint] : fingerprint
  const thisKey = and(eq(idempotencyKeys.tokenId, owner), eq(idempotencyKeys.key, key))
  const claimId = randomUUID()
  const inserted = await database.transaction(async (tx) => {
    await tx.delete(idempotencyKeys).where(and(thisKey, or(
      lt(idempotencyKeys.createdAt, now - honouredForMs),
      and(eq(idempotencyKeys.state, 'running'), lt(idempotencyKeys.leaseUntil, now))
    )))
    return tx.insert(idempotencyKeys)
      .values({
        tokenId: owner, key, fingerprint: fingerprints[0]!, state: 'running', claimId, leaseUntil: now + leaseMs, status: null, body: null,
        createdAt: now
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
  })
  if (inserted.length) {
    const ours = and(thisKey, eq(idempotencyKeys.claimId, claimId))
    const stillRunning = and(ours, eq(idempotencyKeys.state, 'running'))
    const store = (tx: Db, answer: StoredAnswer) => tx.update(idempotencyKeys)
      .set({ state: 'done', status: answer.status, body: answer.body })
      .where(ours)
      .returning({ key: idempotencyKeys.key })
    return {
      kind: 'owner',
      storeWithin: async (tx, answer) => {
        if ((await store(tx, answer)).length === 0) {
          throw apiError('conflict', ['This request took too long: a retry with the same Idempotency-Key took it over, and its answer is the one kept.'])
        }
      },
      complete: async (answer) => {
        await database.transaction(tx => store(tx, answer))
      },
      fail: refusal => database.transaction(async (tx) => {
        if (refusal) await tx.update(idempotencyKeys).set({ state: 'done', status: refusal.status, body: refusal.body }).where(stillRunning)
        else await tx.delete(idempotencyKeys).where(stillRunning)
      }),
      keepAlive: () => {
        const timer = setInterval(() => {
          database.transaction(tx => tx.update(idempotencyKeys).set({ leaseUntil: Date.now() + leaseMs }).where(stillRunning))
            .catch(error => logger.warn({ fault: faultSummary(error) }, 'Could not renew an idempotency lease'))
        }, leaseMs / 3)
        timer.unref()
        return { stop: () => clearInterval(timer) }
      }
    }
  }
  const [existing] = await database.db.select().from(idempotencyKeys).where(thisKey)
  if (!existing) return claimIdempotencyKey(database, owner, key, fingerprint, now, leaseMs)
  if (!fingerprints.includes(existing.fingerprint)) {
    throw apiError('conflict', ['This Idempotency-Key was already used for a different request.'])
  }
  if (existing.state === 'running') {
    throw apiError('conflict', ['A request with this Idempotency-Key is still in progress; retry it shortly.'])
  }
  return { kind: 'replay', answer: { status: existing.status!, body: existing.body! } }
}

/** Drops keys older than the 24 hours they are honoured for. */
export async function sweepIdempotencyKeys(database: Database, now = Date.now()) {
  await database.transaction(tx => tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, now - honouredForMs)))
}
