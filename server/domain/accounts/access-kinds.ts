import { and, eq, isNull, type Column } from 'drizzle-orm'
import { familyAccess, staffAccess } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import type { Account } from './accounts'

/*
 * What an account opens at its school: the staff screens (a live row of `staff_access`, with its
 * role), the family portal (a live row of `family_access`, naming the adult), or both. The one place
 * that says it, for the sign-in screen and both surfaces alike.
 */

export type FamilyAccessRow = typeof familyAccess.$inferSelect

/**
 * A row of `staff_access` that gives the account the staff screens at the school now: for a query of
 * its own, or a join (the session's read, which takes the role with the account in one statement).
 */
export function liveStaffAccessOf(accountId: string | Column, schoolId: string | Column) {
  return and(eq(staffAccess.accountId, accountId), eq(staffAccess.schoolId, schoolId), isNull(staffAccess.endedAt))
}

/** The role of the account's live staff access at the school, or undefined without. */
export async function liveStaffRole(db: Db, schoolId: string, accountId: string): Promise<string | undefined> {
  const [row] = await db.select({ role: staffAccess.role }).from(staffAccess).where(liveStaffAccessOf(accountId, schoolId)).limit(1)
  return row?.role
}

/** Whether the account has or ever had staff access at the school: such an account is never a login for someone else's family. */
export async function hasOrHadStaffAccess(db: Db, schoolId: string, accountId: string): Promise<boolean> {
  const [row] = await db.select({ id: staffAccess.id }).from(staffAccess)
    .where(and(eq(staffAccess.accountId, accountId), eq(staffAccess.schoolId, schoolId)))
    .limit(1)
  return Boolean(row)
}

/** Every adult the account has or had family access as at the school: a member of staff's account is never someone else's family login. */
export async function familyAccessPeopleOfAccount(db: Db, schoolId: string, accountId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ personId: familyAccess.personId }).from(familyAccess)
    .where(and(eq(familyAccess.accountId, accountId), eq(familyAccess.schoolId, schoolId)))
  return rows.map(row => row.personId)
}

/** The live family access at a school of an account (the adult it acts as) or of an adult (the account they have it on), or undefined. */
export async function liveFamilyAccess(db: Db, schoolId: string, of: { accountId: string } | { personId: string }): Promise<FamilyAccessRow | undefined> {
  const [row] = await db.select().from(familyAccess)
    .where(and(
      'accountId' in of ? eq(familyAccess.accountId, of.accountId) : eq(familyAccess.personId, of.personId),
      eq(familyAccess.schoolId, schoolId), isNull(familyAccess.endedAt)
    ))
    .limit(1)
  return row
}

/** What the account opens at a school (its home, or the one its session is at), for the sign-in screen to go to it or, holding both, let its owner choose. */
export async function accessKindsOf(database: Database, account: Pick<Account, 'id' | 'schoolId'>) {
  const [role, family] = await Promise.all([
    liveStaffRole(database.db, account.schoolId, account.id),
    liveFamilyAccess(database.db, account.schoolId, { accountId: account.id })
  ])
  return { staff: role !== undefined, family: Boolean(family) }
}
