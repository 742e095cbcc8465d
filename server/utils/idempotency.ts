import { createHash, randomUUID } from 'node:crypto'
import { and, eq, lt, or } from 'drizzle-orm'
import { idempotencyKeys } from '../../db/schema'
import type { Database, Db } from '../../db/client'
import { validationFailed } from '../domain/shared/domain-error'
import { apiError } from './errors'

const honouredForMs = 24 * 60 * 60 * 1000
/** A running claim whose holder has not renewed it for this long belongs to a process that died. */
export const idempotencyLeaseMs = 60_000

export interface StoredAnswer { status: number, body: string }

export interface IdempotencyOwner {
  kind: 'owner'
  /** Stores the answer inside the work's own transaction, so the answer and the work commit together. */
  storeWithin: (tx: Db, answer: StoredAnswer) => Promise<void>
  /** Stores the answer after the work, or forgets the key (`null`) for answers that are not kept. */
  complete: (answer: StoredAnswer | null) => Promise<void>
  /** Renews the lease every third of it until `stop` is called. */
  keepAlive: () => { stop: () => void }
}

export type IdempotencyClaim = IdempotencyOwner | { kind: 'replay', answer: StoredAnswer }

export function requestFingerprint(method: string, path: string, rawBody: string): string {
  return createHash('sha256').update(`${method} ${path}\n${rawBody}`).digest('hex')
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
 * statement of the owner names its claim, so a holder that lost its claim overwrites nothing.
 */
export async function claimIdempotencyKey(database: Database, owner: string, key: string, fingerprint: string, now = Date.now()): Promise<IdempotencyClaim> {
  const thisKey = and(eq(idempotencyKeys.tokenId, owner), eq(idempotencyKeys.key, key))
  const claimId = randomUUID()
  const inserted = await database.transaction(async (tx) => {
    await tx.delete(idempotencyKeys).where(and(thisKey, or(
      lt(idempotencyKeys.createdAt, now - honouredForMs),
      and(eq(idempotencyKeys.state, 'running'), lt(idempotencyKeys.leaseUntil, now))
    )))
    return tx.insert(idempotencyKeys)
      .values({ tokenId: owner, key, fingerprint, state: 'running', claimId, leaseUntil: now + idempotencyLeaseMs, status: null, body: null, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
  })
  if (inserted.length) {
    const ours = and(thisKey, eq(idempotencyKeys.claimId, claimId))
    const store = (tx: Db, answer: StoredAnswer) => tx.update(idempotencyKeys).set({ state: 'done', status: answer.status, body: answer.body }).where(ours)
    return {
      kind: 'owner',
      storeWithin: async (tx, answer) => {
        await store(tx, answer)
      },
      complete: answer => database.transaction(async (tx) => {
        if (answer) await store(tx, answer)
        else await tx.delete(idempotencyKeys).where(and(ours, eq(idempotencyKeys.state, 'running')))
      }),
      keepAlive: () => {
        const timer = setInterval(() => {
          database.transaction(tx => tx.update(idempotencyKeys).set({ leaseUntil: Date.now() + idempotencyLeaseMs }).where(and(ours, eq(idempotencyKeys.state, 'running'))))
            .catch(error => console.error('Could not renew an idempotency lease:', (error as Error).message))
        }, idempotencyLeaseMs / 3)
        timer.unref()
        return { stop: () => clearInterval(timer) }
      }
    }
  }
  const [existing] = await database.db.select().from(idempotencyKeys).where(thisKey)
  if (!existing) return claimIdempotencyKey(database, owner, key, fingerprint, now)
  if (existing.fingerprint !== fingerprint) {
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
