import { and, desc, eq, isNull, ne } from 'drizzle-orm'
import { schools, staffAccess, staffSessions } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { compareText } from '../shared/compare-text'
import { timestampNow } from '../days/clock'
import { callerAccountId, callerSessionId } from './caller-account'
import { liveFamilyAccess, liveStaffAccessOf } from './access-kinds'
import { hashSecret, newRandomSecret } from './secrets'
import type { Account } from './accounts'

/*
 * One account, several schools of the deployment (docs/several-schools.md): the account holds live
 * staff access at each, a session is at one of them at a time, and moving it is a new secret at the
 * new school. Nothing here reads or writes any school's records: only the account's own access rows
 * and its own session.
 */

/** A school the account may open the staff screens of, with its role there. */
export interface AccountSchool { id: string, name: string, role: string }

/** The schools where the account has live staff access now, by name: what the user menu offers. */
export async function staffSchoolsOf(db: Db, accountId: string): Promise<AccountSchool[]> {
  const rows = await db.select({ id: schools.id, name: schools.name, role: staffAccess.role }).from(staffAccess)
    .innerJoin(schools, eq(schools.id, staffAccess.schoolId))
    .where(and(eq(staffAccess.accountId, accountId), isNull(staffAccess.endedAt)))
  return rows.sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id))
}

/**
 * The school a new session of the account opens: the school of its last used session while it still
 * has access there (the last one chosen), else its home when it has staff access there, else the
 * first of its schools by name. An account with no staff access anywhere opens its home, as before
 * (the family portal, or nothing).
 */
export async function openingSchoolOf(database: Database, account: Pick<Account, 'id' | 'schoolId'>): Promise<string> {
  const [live, [last]] = await Promise.all([
    staffSchoolsOf(database.db, account.id),
    database.db.select({ schoolId: staffSessions.schoolId }).from(staffSessions)
      .where(eq(staffSessions.accountId, account.id)).orderBy(desc(staffSessions.lastSeenAt)).limit(1)
  ])
  if (!live.length) return account.schoolId
  if (last && live.some(school => school.id === last.schoolId)) return last.schoolId
  if (last?.schoolId === account.schoolId && await liveFamilyAccess(database.db, account.schoolId, { accountId: account.id })) return account.schoolId
  return live.some(school => school.id === account.schoolId) ? account.schoolId : live[0]!.id
}

/** Whether the account keeps a way in after its staff access at `schoolId` ends: staff access at another school, or family access at its home. */
export async function holdsAccessBeyond(db: Db, account: Pick<Account, 'id' | 'schoolId'>, schoolId: string): Promise<boolean> {
  const [elsewhere] = await db.select({ id: staffAccess.id }).from(staffAccess)
    .where(and(eq(staffAccess.accountId, account.id), ne(staffAccess.schoolId, schoolId), isNull(staffAccess.endedAt))).limit(1)
  if (elsewhere) return true
  return account.schoolId !== schoolId && Boolean(await liveFamilyAccess(db, account.schoolId, { accountId: account.id }))
}

/**
 * Moves the caller's session to another of their schools. The session gets a new secret (the cookie
 * seen before no longer works), drops a portal preview (an adult of the school it leaves), and
 * records when it arrived, so a step-up proof made at the school it left does not count here. A
 * school where the account has no live staff access is `not_found`, whether or not it exists. The
 * school the session is at already changes nothing (no new secret: `secret` is null).
 */
export async function switchSessionSchool(ctx: DomainContext, schoolId: string) {
  const accountId = callerAccountId(ctx)
  const sessionId = callerSessionId(ctx)
  const secret = newRandomSecret()
  const now = timestampNow()
  const moved = await ctx.database.transaction(async (tx) => {
    const [target] = await tx.select({ id: schools.id, name: schools.name, role: staffAccess.role }).from(staffAccess)
      .innerJoin(schools, eq(schools.id, staffAccess.schoolId))
      .where(liveStaffAccessOf(accountId, schoolId)).limit(1)
    if (!target || target.id === ctx.school.id) return target
    await tx.update(staffSessions)
      .set({ secretHash: hashSecret(secret), schoolId: target.id, schoolAt: now, lastSeenAt: now, previewPersonId: null })
      .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)))
    return target
  })
  if (!moved) throw domainError('not_found', [`You have no staff access at a school with the id ${schoolId}.`])
  return { secret: moved.id === ctx.school.id ? null : secret, school: moved }
}
