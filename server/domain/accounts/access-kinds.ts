import { and, eq, isNull } from 'drizzle-orm'
import { familyAccess } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { Account } from './accounts'

/*
 * What an account opens at its school: the staff screens, the family portal, or both, each by a record
 * of its own. The one place that says it, for the sign-in screen and the surfaces alike.
 */

/** The role of an account with family access only: no built-in role has this name, so it grants nothing. */
export const noStaffRole = ''

/** Whether the account reaches the staff screens at all. */
export function hasStaffAccess(account: Pick<Account, 'role'>): boolean {
  return account.role !== noStaffRole
}

export type FamilyAccessRow = typeof familyAccess.$inferSelect

/** The live family access of an account at a school: the adult it acts as, or undefined. */
export async function liveFamilyAccessOfAccount(database: Database, schoolId: string, accountId: string): Promise<FamilyAccessRow | undefined> {
  const [row] = await database.db.select().from(familyAccess)
    .where(and(eq(familyAccess.accountId, accountId), eq(familyAccess.schoolId, schoolId), isNull(familyAccess.endedAt)))
    .limit(1)
  return row
}

/** What the account may open, for the sign-in screen to go to it or, holding both, let its owner choose. */
export async function accessKindsOf(database: Database, account: Account) {
  return { staff: hasStaffAccess(account), family: !!await liveFamilyAccessOfAccount(database, account.schoolId, account.id) }
}
