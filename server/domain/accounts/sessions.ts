import { and, eq, isNull, sql } from 'drizzle-orm'
import { accounts, schools, staffAccess, staffSessions } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { callerAccountId, callerSessionId } from './caller-account'
import { recordActivity, type ActivityEntry } from '../activity/record-activity'
import { currentTime, timestampNow } from '../days/clock'
import { newId } from '../shared/ids'
import { hashSecret, newRandomSecret } from './secrets'
import { liveStaffAccessOf } from './access-kinds'

/** A session ends after this long without a request… */
export const sessionIdleMs = 8 * 3600_000
/** …and this long after sign-in, however much it is used. */
export const sessionAbsoluteMs = 7 * 86_400_000
/** How recent a passkey proof must be for a step-up route. */
export const stepUpMs = 5 * 60_000
/** A session's last use is written at most this often. */
const touchEveryMs = 60_000

export type SessionMethod = 'passkey' | 'code' | 'link'

/**
 * Starts a session for an account; the secret for the cookie comes back once and only its hash is
 * kept. `at` is for tests that need a session as it was some time ago.
 */
export async function startSession(database: Database, account: { id: string, schoolId: string }, method: SessionMethod, at = currentTime()) {
  const secret = newRandomSecret()
  const row = {
    id: newId('ssn'),
    secretHash: hashSecret(secret),
    accountId: account.id,
    schoolId: account.schoolId,
    method,
    createdAt: at.toISOString(),
    lastSeenAt: at.toISOString(),
    expiresAt: new Date(at.getTime() + sessionAbsoluteMs).toISOString(),
    passkeyAt: method === 'passkey' ? at.toISOString() : null,
    schoolAt: null,
    endedAt: null
  }
  await database.transaction(tx => tx.insert(staffSessions).values(row))
  return { secret, session: row }
}

/**
 * The live session a cookie's secret names, with its account, school and the role of the account's
 * live staff access there (null without), or undefined when it is unknown, ended, idle too long, past
 * its absolute end, or its account was removed.
 */
export async function findLiveSession(database: Database, secret: string) {
  const [row] = await database.prepared('staff-session-by-secret-hash', db => db
    .select({ session: staffSessions, account: accounts, school: schools, staffRole: staffAccess.role })
    .from(staffSessions)
    .innerJoin(accounts, eq(accounts.id, staffSessions.accountId))
    .innerJoin(schools, eq(schools.id, staffSessions.schoolId))
    .leftJoin(staffAccess, liveStaffAccessOf(staffSessions.accountId, staffSessions.schoolId))
    .where(eq(staffSessions.secretHash, sql.placeholder('secretHash')))
    .limit(1))({ secretHash: hashSecret(secret) })
  if (!row) return undefined
  const now = currentTime().getTime()
  const { session, account } = row
  if (session.endedAt || account.removedAt) return undefined
  if (Date.parse(session.lastSeenAt) + sessionIdleMs <= now || Date.parse(session.expiresAt) <= now) return undefined
  if (Date.parse(session.lastSeenAt) + touchEveryMs <= now) {
    await database.transaction(tx => tx.update(staffSessions).set({ lastSeenAt: new Date(now).toISOString() }).where(eq(staffSessions.id, session.id)))
  }
  return row
}

/**
 * Whether the session's last passkey proof is recent enough for a step-up route, and was made at the
 * school the session is at now: a proof never carries over a switch of school (docs/several-schools.md).
 */
export function hasRecentPasskeyProof(session: { passkeyAt: string | null, schoolAt: string | null }): boolean {
  if (session.passkeyAt === null) return false
  if (session.schoolAt !== null && Date.parse(session.passkeyAt) < Date.parse(session.schoolAt)) return false
  return Date.parse(session.passkeyAt) + stepUpMs > currentTime().getTime()
}

/** Records a passkey proof and gives the session a new secret, so a secret seen before the proof no longer works. */
export async function rotateSessionAfterPasskey(ctx: DomainContext) {
  const secret = newRandomSecret()
  await ctx.database.transaction(tx => tx.update(staffSessions)
    .set({ secretHash: hashSecret(secret), passkeyAt: timestampNow() })
    .where(and(eq(staffSessions.id, callerSessionId(ctx)), isNull(staffSessions.endedAt))))
  return secret
}

export async function endSession(database: Database, sessionId: string) {
  await database.transaction(tx => tx.update(staffSessions).set({ endedAt: timestampNow() })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt))))
}

/** Signs the caller out of the session they act through; `endSession` is the same for sign-in, before a caller exists. */
export async function endCallerSession(ctx: DomainContext) {
  await endSession(ctx.database, callerSessionId(ctx))
}

/**
 * Ends every live session at the school of an account the caller may act on (endStaffSessions checked
 * it); returns how many there were. `activity`, when given, is recorded in the same transaction.
 */
export async function endAccountSessions(ctx: DomainContext, accountId: string, activity?: ActivityEntry): Promise<number> {
  const ended = await ctx.database.transaction(async (tx) => {
    const rows = await tx.update(staffSessions)
      .set({ endedAt: timestampNow() })
      .where(and(eq(staffSessions.accountId, accountId), eq(staffSessions.schoolId, ctx.school.id), isNull(staffSessions.endedAt)))
      .returning({ id: staffSessions.id })
    if (activity) await recordActivity(tx, ctx, { ...activity, changes: { liveSessions: [rows.length, 0] } })
    return rows
  })
  return ended.length
}

/** Signs the caller out everywhere: ends every live session of their own account; returns how many there were. */
export function endOwnSessions(ctx: DomainContext): Promise<number> {
  return endAccountSessions(ctx, callerAccountId(ctx))
}
