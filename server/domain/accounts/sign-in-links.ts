import { and, eq, gt, isNull } from 'drizzle-orm'
import { signInLinks } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import { currentTime } from '../days/clock'
import { domainError } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { publicUrl } from '../shared/public-url'
import { activeAccountById } from './accounts'
import { hashSecret, newRandomSecret } from './secrets'

/** The address a sign-in link's secret is followed at: a new member of staff's, an invited adult's. */
export function signInLinkUrl(secret: string): string {
  return `${publicUrl()}/sign-in/link?token=${secret}`
}

export const signInLinkLifetimeMs = 24 * 3600_000

/**
 * A one-time sign-in: for a new member of staff, to register their first passkey (24 hours), or an
 * adult invited to the family portal (seven days). The secret comes back once.
 */
export function createSignInLink(database: Database, accountId: string, lifetimeMs = signInLinkLifetimeMs) {
  return database.transaction(tx => insertSignInLink(tx, accountId, lifetimeMs))
}

/** `createSignInLink` inside a transaction of the caller's. */
export async function insertSignInLink(tx: Db, accountId: string, lifetimeMs = signInLinkLifetimeMs) {
  const secret = newRandomSecret()
  const now = currentTime()
  const expiresAt = new Date(now.getTime() + lifetimeMs).toISOString()
  await tx.insert(signInLinks).values({ id: newId('sil'), secretHash: hashSecret(secret), accountId, createdAt: now.toISOString(), expiresAt, usedAt: null })
  return { secret, expiresAt }
}

/** Cancels the account's links not yet used (they count as used), so only the newest one sent signs in. */
export async function cancelUnusedSignInLinks(tx: Db, accountId: string) {
  await tx.update(signInLinks).set({ usedAt: currentTime().toISOString() }).where(and(eq(signInLinks.accountId, accountId), isNull(signInLinks.usedAt)))
}

/** The account a link signs in, once, within its lifetime. */
export async function consumeSignInLink(database: Database, secret: string) {
  const now = currentTime().toISOString()
  const [used] = await database.transaction(tx => tx.update(signInLinks).set({ usedAt: now })
    .where(and(eq(signInLinks.secretHash, hashSecret(secret)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
    .returning({ accountId: signInLinks.accountId }))
  const account = used ? await activeAccountById(database, used.accountId) : undefined
  if (!account) throw domainError('unauthenticated', ['This sign-in link is not valid: it works once, for a limited time. Ask the school for a new one.'])
  return account
}
