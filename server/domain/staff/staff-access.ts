import { and, asc, eq, isNull, ne } from 'drizzle-orm'
import { people, staffAccounts, staffSessions } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow } from '../shared/clock'
import { isRoleName, type RoleName } from '../access/roles'
import { endAccountSessions } from '../accounts/sessions'
import { recordActivity } from '../activity/record-activity'
import { refuseRemovalBeyondHolder, refuseRoleGrantBeyondHolder } from '../access/delegation'
import { mailPasskeysRemovedWithAccess, removeAccountSignIns } from '../accounts/passkeys'
import { hasStaffAccess, liveFamilyAccessOfAccount, noStaffRole } from '../accounts/access-kinds'
import { normalEmail } from '../accounts/accounts'

export type StaffAccount = typeof staffAccounts.$inferSelect

/** Staff of the school: accounts with a role, not removed. */
const isStaffOf = (schoolId: string) => and(eq(staffAccounts.schoolId, schoolId), isNull(staffAccounts.removedAt), ne(staffAccounts.role, noStaffRole))

/** A member of staff of this school; another school's is `not_found` like a missing one. */
async function requireStaffAccount(ctx: DomainContext, accountId: string): Promise<StaffAccount> {
  const [row] = await ctx.database.db.select().from(staffAccounts)
    .where(and(eq(staffAccounts.id, accountId), isStaffOf(ctx.school.id)))
  if (!row) throw domainError('not_found', [`No member of staff has the id ${accountId}.`])
  return row
}

function requireRole(role: string): RoleName {
  if (!isRoleName(role)) throw domainError('unprocessable', [`Unknown role ${role}.`])
  return role
}

export interface AddStaffInput { email: string, role: string, personId?: string }

/**
 * Adds a member of staff. An address names one account in the deployment: one already in use is
 * `conflict`. A removed member added again gets their account back with the new role; a parent with
 * family access at the school keeps their account and gains the role.
 */
export async function addStaffAccount(ctx: DomainContext, input: AddStaffInput) {
  const email = normalEmail(input.email)
  const role = requireRole(input.role)
  await refuseRoleGrantBeyondHolder(ctx, null, role)
  if (input.personId) {
    const [person] = await ctx.database.db.select({ id: people.id }).from(people).where(and(eq(people.id, input.personId), eq(people.schoolId, ctx.school.id)))
    if (!person) throw domainError('unprocessable', [`No person has the id ${input.personId}.`])
  }
  const [existing] = await ctx.database.db.select().from(staffAccounts).where(eq(staffAccounts.email, email))
  if (existing && (existing.schoolId !== ctx.school.id || (!existing.removedAt && hasStaffAccess(existing)))) {
    throw domainError('conflict', [`The address ${email} already has an account.`])
  }
  const row: StaffAccount = existing
    ? { ...existing, role, personId: input.personId ?? existing.personId, removedAt: null }
    : { id: newId('acc'), schoolId: ctx.school.id, email, personId: input.personId ?? null, role, createdAt: timestampNow(), removedAt: null }
  await ctx.database.transaction(async (tx) => {
    if (existing) await tx.update(staffAccounts).set({ role, personId: row.personId, removedAt: null }).where(eq(staffAccounts.id, existing.id))
    else await tx.insert(staffAccounts).values(row)
    await recordActivity(tx, ctx, { kind: 'staff.added', subjectType: 'staff', subjectId: row.id, summary: `${email} added as ${role}`, changes: { role: [null, role] } })
  })
  return staffListing(row)
}

function staffListing(row: StaffAccount) {
  return { id: row.id, email: row.email, role: row.role as RoleName, personId: row.personId, createdAt: row.createdAt }
}

export async function listStaff(ctx: DomainContext) {
  const rows = await ctx.database.db.select().from(staffAccounts)
    .where(isStaffOf(ctx.school.id))
    .orderBy(asc(staffAccounts.email))
  return rows.map(staffListing)
}

/** The school keeps at least one administrator, so nobody is locked out of its settings. */
async function refuseLastAdministrator(ctx: DomainContext, account: StaffAccount) {
  if (account.role !== 'admin') return
  const others = await ctx.database.db.select({ id: staffAccounts.id }).from(staffAccounts)
    .where(and(eq(staffAccounts.schoolId, ctx.school.id), eq(staffAccounts.role, 'admin'), isNull(staffAccounts.removedAt), ne(staffAccounts.id, account.id)))
    .limit(1)
  if (!others.length) throw domainError('unprocessable', ['The school needs at least one administrator: make another first.'])
}

export async function changeStaffRole(ctx: DomainContext, accountId: string, role: string) {
  const account = await requireStaffAccount(ctx, accountId)
  const newRole = requireRole(role)
  await refuseRoleGrantBeyondHolder(ctx, account.role, newRole)
  if (newRole !== 'admin') await refuseLastAdministrator(ctx, account)
  await ctx.database.transaction(async (tx) => {
    await tx.update(staffAccounts).set({ role: newRole }).where(eq(staffAccounts.id, account.id))
    if (account.role !== newRole) {
      await recordActivity(tx, ctx, { kind: 'staff.changed', subjectType: 'staff', subjectId: account.id, summary: `${account.email} is now ${newRole}`, changes: { role: [account.role, newRole] } })
    }
  })
  return staffListing({ ...account, role: newRole })
}

/**
 * Removes a member's access: their sessions end at once, their passkeys, links and codes go with
 * it (added again, they start with none), and they can no longer sign in. A member who is also a parent
 * with family access keeps the account for the portal alone: their sessions end, their passkeys stay.
 */
export async function removeStaffAccess(ctx: DomainContext, accountId: string) {
  const account = await requireStaffAccount(ctx, accountId)
  await refuseRemovalBeyondHolder(ctx, account.role)
  await refuseLastAdministrator(ctx, account)
  const keepsFamilyAccess = !!await liveFamilyAccessOfAccount(ctx.database, ctx.school.id, account.id)
  const passkeysRemoved = await ctx.database.transaction(async (tx) => {
    await recordActivity(tx, ctx, { kind: 'staff.removed', subjectType: 'staff', subjectId: account.id, summary: `${account.email}'s access removed`, changes: { role: [account.role, null] } })
    if (keepsFamilyAccess) {
      await tx.update(staffAccounts).set({ role: noStaffRole }).where(eq(staffAccounts.id, account.id))
      await tx.update(staffSessions).set({ endedAt: timestampNow() }).where(and(eq(staffSessions.accountId, account.id), isNull(staffSessions.endedAt)))
      return []
    }
    await tx.update(staffAccounts).set({ removedAt: timestampNow() }).where(eq(staffAccounts.id, account.id))
    return removeAccountSignIns(tx, account.id)
  })
  mailPasskeysRemovedWithAccess(ctx.database, account.email, passkeysRemoved)
  return { id: account.id, removed: true as const }
}

/** An administrator ends every session of a member of their school. */
export async function endStaffSessions(ctx: DomainContext, accountId: string) {
  const account = await requireStaffAccount(ctx, accountId)
  const sessionsEnded = await endAccountSessions(ctx, account.id, { kind: 'staff.sessions_ended', subjectType: 'staff', subjectId: account.id, summary: `${account.email}'s sessions ended` })
  return { id: account.id, sessionsEnded }
}
