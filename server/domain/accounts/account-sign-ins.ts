import { and, eq, isNull } from 'drizzle-orm'
import { passkeys, signInCodes, signInLinks, staffSessions } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import { currentTime, timestampNow } from '../days/clock'
import { mailPasskeyNotice } from './passkey-notices'
import type { Account } from './accounts'

/**
 * Everything that lets an account in, gone in the transaction that removes its access: passkeys,
 * sessions, unused sign-in links and codes. Added again, the member starts with none. Returns the
 * names of the passkeys removed.
 */
export async function removeAccountSignIns(tx: Db, accountId: string) {
  const now = timestampNow()
  const removed = await tx.delete(passkeys).where(eq(passkeys.accountId, accountId)).returning({ name: passkeys.name })
  await tx.update(staffSessions).set({ endedAt: now }).where(and(eq(staffSessions.accountId, accountId), isNull(staffSessions.endedAt)))
  await tx.update(signInLinks).set({ usedAt: now }).where(and(eq(signInLinks.accountId, accountId), isNull(signInLinks.usedAt)))
  await tx.update(signInCodes).set({ replacedAt: now })
    .where(and(eq(signInCodes.accountId, accountId), isNull(signInCodes.usedAt), isNull(signInCodes.replacedAt)))
  return removed.map(passkey => passkey.name)
}

/** Tells a removed member's address which passkeys went with their access. */
export function mailPasskeysRemovedWithAccess(database: Database, account: Account, names: string[]) {
  for (const passkeyName of names) mailPasskeyNotice(database, account, { change: 'removed', passkeyName, by: { administrator: true }, at: currentTime() })
}
