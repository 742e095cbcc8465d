import { createHash } from 'node:crypto'
import { and, eq, lt, or } from 'drizzle-orm'
import { idempotencyKeys } from '../../db/schema'
import type { Database } from '../../db/client'
import { apiError } from './errors'
import { validationFailed } from './validation'

const honouredForMs = 24 * 60 * 60 * 1000
/** A claim still `running` after this long belongs to a process that died; a retry may take it over. */
const abandonedAfterMs = 5 * 60 * 1000

export interface StoredAnswer { status: number, body: string }

export type IdempotencyClaim =
  | { kind: 'owner', complete: (answer: StoredAnswer | null) => Promise<void> }
  | { kind: 'replay', answer: StoredAnswer }

export function requestFingerprint(method: string, path: string, rawBody: string): string {
  return createHash('sha256').update(`${method} ${path}\n${rawBody}`).digest('hex')
}

export function checkIdempotencyKey(key: string) {
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw validationFailed([{ path: 'Idempotency-Key', message: 'Use 1 to 255 visible ASCII characters.' }])
  }
}

/**
 * Claims an `Idempotency-Key` for a token. The insert is atomic, so of any number of concurrent
 * requests with one key exactly one becomes the owner and does the work; the others get `conflict`
 * while it runs, and its stored answer afterwards. `complete(null)` forgets the key (for answers that
 * are not stored: `validation_failed` and `internal`).
 */
export async function claimIdempotencyKey(database: Database, tokenId: string, key: string, fingerprint: string, now = Date.now()): Promise<IdempotencyClaim> {
  const thisKey = and(eq(idempotencyKeys.tokenId, tokenId), eq(idempotencyKeys.key, key))
  const inserted = await database.transaction(async (tx) => {
    await tx.delete(idempotencyKeys).where(and(thisKey, or(
      lt(idempotencyKeys.createdAt, now - honouredForMs),
      and(eq(idempotencyKeys.state, 'running'), lt(idempotencyKeys.createdAt, now - abandonedAfterMs))
    )))
    return tx.insert(idempotencyKeys)
      .values({ tokenId, key, fingerprint, state: 'running', status: null, body: null, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
  })
  if (inserted.length) {
    return {
      kind: 'owner',
      complete: answer => database.transaction(async (tx) => {
        if (answer) await tx.update(idempotencyKeys).set({ state: 'done', status: answer.status, body: answer.body }).where(thisKey)
        else await tx.delete(idempotencyKeys).where(thisKey)
      })
    }
  }
  const [existing] = await database.db.select().from(idempotencyKeys).where(thisKey)
  if (!existing) return claimIdempotencyKey(database, tokenId, key, fingerprint, now)
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
