import { and, asc, eq, isNull, ne } from 'drizzle-orm'
import { accounts, affiliations, familyAccess, people, staffAccess, staffSessions } from '../../../db/schema'
import type { Db } from '../../../db/client'
import { holdSchoolUntilCommit, holdUntilCommit } from '../../../db/transaction-lock'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { recordedActor } from '../shared/actor'
import { isRoleName, type RoleName } from '../access/roles'
import { endAccountSessions } from '../accounts/sessions'
import { recordActivity } from '../activity/record-activity'
import { refuseRemovalBeyondHolder, refuseRoleGrantBeyondHolder } from '../access/delegation'
import { mailPasskeysRemovedWithAccess, removeAccountSignIns } from '../accounts/account-sign-ins'
import { familyAccessPeopleOfAccount, liveFamilyAccess, liveStaffRole } from '../accounts/access-kinds'
import { normalEmail, type Account } from '../accounts/accounts'
import { holdsAccessBeyond } from '../accounts/account-schools'

/*
 * Staff access: an account of the school reaching the staff screens with a role. The account is
 * accounts/'s; here is the row of `staff_access` that gives it a role, from when, until when.
 */

export type StaffAccessRow = typeof staffAccess.$inferSelect

/** A member of staff: their account and their live staff access. */
export interface StaffMember { account: Account, access: StaffAccessRow }

/** Live staff access at the school. */
const liveAt = (schoolId: string) => and(eq(staffAccess.schoolId, schoolId), isNull(staffAccess.endedAt))

/** A member of staff of this school; another school's is `not_found` like a missing one. */
async function requireStaffMember(ctx: DomainContext, accountId: string): Promise<StaffMember> {
  const [row] = await ctx.database.db.select({ account: accounts, access: staffAccess }).from(staffAccess)
    .innerJoin(accounts, eq(accounts.id, staffAccess.accountId))
    .where(and(eq(staffAccess.accountId, accountId), liveAt(ctx.school.id), isNull(accounts.removedAt)))
  if (!row) throw domainError('not_found', [`No member of staff has the id ${accountId}.`])
  return row
}

export function requireRole(role: string): RoleName {
  if (!isRoleName(role)) throw domainError('unprocessable', [`Unknown role ${role}.`])
  return role
}

export interface AddStaffInput { email: string, role: string, personId?: string }

/** A member of staff as added, with whether this add made their account (only then may its sign-in link be shown). */
export interface StaffAdded<T> { member: ReturnType<typeof staffListing>, isNew: boolean, alongside: T }

/** One refusal for an address whose account cannot be given staff access here, whatever the reason (no other school's address is probed). */
const addressTaken = (email: string) => domainError(
  'conflict', [`The address ${email} already has an account that cannot be given staff access here.`],
  { fields: [{ path: 'email', message: 'This address already has an account that cannot be given staff access here.' }] }
)

/**
 * Whether the person is the member of staff's own record: a person of the school with a staff
 * affiliation whose record's address is the one being added. An account linked to anyone else (a
 * parent) would be that person's family login. Answers why not, or undefined.
 */
async function notOwnRecord(tx: Db, schoolId: string, personId: string, email: string): Promise<string | undefined> {
  const [person] = await tx.select({ email: people.email }).from(people)
    .where(and(eq(people.id, personId), eq(people.schoolId, schoolId), isNull(people.deletedAt)))
  if (!person) return `No person has the id ${personId}.`
  const [staffSpan] = await tx.select({ id: affiliations.id }).from(affiliations)
    .where(and(eq(affiliations.personId, personId), eq(affiliations.schoolId, schoolId), eq(affiliations.kind, 'staff_member'))).limit(1)
  if (!staffSpan || !person.email || normalEmail(person.email) !== email) {
    return `Person ${personId} is not this member of staff's own record: it must have a staff affiliation and the address ${email} on file.`
  }
}

/**
 * Adds a member of staff, all inside one transaction under a lock of the address (the lock family
 * invitations take), so the checks see every invitation or add that came first. An address names one
 * account in the deployment: one of another school, or of a member already, is `conflict`. A removed
 * member added again gets their account back with new staff access. An account that has or had family
 * access at the school gains staff access only when it is that person's own (`personId`, their own
 * record): nobody at the school becomes a parent's login. `alongside` runs in the same transaction (the
 * sign-in link, add-staff-with-link.ts).
 */
export async function addStaffAccount(ctx: DomainContext, input: AddStaffInput) {
  return (await addStaff(ctx, input, async () => undefined)).member
}

/** addStaffAccount with `alongside` in its transaction, answering whether the account is new. */
export async function addStaff<T>(ctx: DomainContext, input: AddStaffInput, alongside: (tx: Db, accountId: string) => Promise<T>): Promise<StaffAdded<T>> {
  const email = normalEmail(input.email)
  const role = requireRole(input.role)
  await refuseRoleGrantBeyondHolder(ctx, null, role)
  const now = timestampNow()
  const added = await ctx.database.transaction(async (tx) => {
    await holdUntilCommit(ctx.database, tx, `account address ${email}`)
    const refused = input.personId && await notOwnRecord(tx, ctx.school.id, input.personId, email)
    if (refused) throw validationFailed([{ path: 'personId', message: refused }])
    const [existing] = await tx.select().from(accounts).where(eq(accounts.email, email))
    if (existing && (existing.schoolId !== ctx.school.id || await liveStaffRole(tx, ctx.school.id, existing.id) !== undefined)) throw addressTaken(email)
    const familyOf = existing ? await familyAccessPeopleOfAccount(tx, ctx.school.id, existing.id) : []
    if (familyOf.some(personId => personId !== input.personId)) throw addressTaken(email)
    // A link kept from before is kept only while it is still the member's own record.
    const kept = existing?.personId && !await notOwnRecord(tx, ctx.school.id, existing.personId, email) ? existing.personId : null
    const personId = input.personId ?? kept
    const account: Account = existing
      ? { ...existing, personId, removedAt: null }
      : { id: newId('acc'), schoolId: ctx.school.id, email, personId, createdAt: now, removedAt: null }
    if (existing) await tx.update(accounts).set({ personId: account.personId, removedAt: null }).where(eq(accounts.id, account.id))
    else await tx.insert(accounts).values(account)
    const access: StaffAccessRow = { id: newId('sta'), schoolId: ctx.school.id, accountId: account.id, role, createdAt: now, endedAt: null }
    await tx.insert(staffAccess).values(access)
    await recordActivity(
      tx, ctx,
      { kind: 'staff.added', subjectType: 'staff', subjectId: account.id, summary: `${email} added as ${role}`, changes: { role: [null, role] } }
    )
    return { member: { account, access }, isNew: !existing, alongside: await alongside(tx, account.id) }
  })
  return { member: staffListing(added.member), isNew: added.isNew, alongside: added.alongside }
}

/** `personId` names a person of the account's home school: at another of its schools it has no own record. */
export function staffListing({ account, access }: StaffMember) {
  const personId = account.schoolId === access.schoolId ? account.personId : null
  return { id: account.id, email: account.email, role: access.role as RoleName, personId, createdAt: access.createdAt }
}

export async function listStaff(ctx: DomainContext) {
  const rows = await ctx.database.db.select({ account: accounts, access: staffAccess }).from(staffAccess)
    .innerJoin(accounts, eq(accounts.id, staffAccess.accountId))
    .where(and(liveAt(ctx.school.id), isNull(accounts.removedAt)))
    .orderBy(asc(accounts.email))
  return rows.map(staffListing)
}

/**
 * The school keeps at least one administrator, so nobody is locked out of its settings. Asked inside
 * the write, under the school's lock (holdSchoolUntilCommit), with the member's access read again
 * there: two administrators demoting or removing each other at once are one after the other, and the
 * second finds none left besides itself.
 */
async function refuseLastAdministrator(tx: Db, ctx: DomainContext, member: StaffMember) {
  const [live] = await tx.select({ role: staffAccess.role }).from(staffAccess).where(and(eq(staffAccess.id, member.access.id), isNull(staffAccess.endedAt)))
  if (!live) throw domainError('not_found', [`No member of staff has the id ${member.account.id}.`])
  if (live.role !== 'admin') return
  const others = await tx.select({ id: staffAccess.id }).from(staffAccess)
    .where(and(liveAt(ctx.school.id), eq(staffAccess.role, 'admin'), ne(staffAccess.accountId, member.account.id)))
    .limit(1)
  if (!others.length) throw domainError('unprocessable', ['The school needs at least one administrator: make another first.'])
}

export async function changeStaffRole(ctx: DomainContext, accountId: string, role: string) {
  const member = await requireStaffMember(ctx, accountId)
  const { account, access } = member
  const newRole = requireRole(role)
  await refuseRoleGrantBeyondHolder(ctx, access.role, newRole)
  await ctx.database.transaction(async (tx) => {
    await holdSchoolUntilCommit(ctx.database, tx, ctx.school.id)
    if (newRole !== 'admin') await refuseLastAdministrator(tx, ctx, member)
    await tx.update(staffAccess).set({ role: newRole }).where(eq(staffAccess.id, access.id))
    if (access.role !== newRole) {
      await recordActivity(tx, ctx, {
        kind: 'staff.changed', subjectType: 'staff', subjectId: account.id, summary: `${account.email} is now ${newRole}`,
        changes: { role: [access.role, newRole] }
      })
    }
  })
  return staffListing({ account, access: { ...access, role: newRole } })
}

/**
 * Removes a member's access: their staff access ends (the row stays), their sessions here end at once,
 * and, unless the account keeps staff access at another school of the deployment, its passkeys, links
 * and codes go with it (added again, they start with none) and it can no longer sign in. Family access
 * the account holds for anyone but the member's own person ends with it (recorded in Activity): nobody
 * leaves the school holding a parent's login. A member who is also a parent keeps the account for their
 * own family access alone: their sessions here end, their passkeys stay.
 */
export async function removeStaffAccess(ctx: DomainContext, accountId: string) {
  const member = await requireStaffMember(ctx, accountId)
  const { account, access } = member
  await refuseRemovalBeyondHolder(ctx, access.role)
  const passkeysRemoved = await ctx.database.transaction(async (tx) => {
    await holdSchoolUntilCommit(ctx.database, tx, ctx.school.id)
    await refuseLastAdministrator(tx, ctx, member)
    const now = timestampNow()
    await recordActivity(tx, ctx, {
      kind: 'staff.removed', subjectType: 'staff', subjectId: account.id, summary: `${account.email}'s access removed`,
      changes: { role: [access.role, null] }
    })
    await tx.update(staffAccess).set({ endedAt: now }).where(eq(staffAccess.id, access.id))
    const family = await liveFamilyAccess(tx, ctx.school.id, { accountId: account.id })
    if (family && family.personId !== account.personId) {
      await tx.update(familyAccess).set({ endedAt: now, endedBy: recordedActor(ctx.actor) }).where(eq(familyAccess.id, family.id))
      await recordActivity(tx, ctx, {
        kind: 'family.ended', subjectType: 'person', subjectId: family.personId,
        summary: `Person ${family.personId}'s family access ended with ${account.email}'s staff access`
      })
    }
    // Kept for its own family access or its staff access at another school: the account and its passkeys are not this school's.
    if ((family && family.personId === account.personId) || await holdsAccessBeyond(tx, account, ctx.school.id)) {
      await tx.update(staffSessions).set({ endedAt: now })
        .where(and(eq(staffSessions.accountId, account.id), eq(staffSessions.schoolId, ctx.school.id), isNull(staffSessions.endedAt)))
      return []
    }
    await tx.update(accounts).set({ removedAt: now }).where(eq(accounts.id, account.id))
    return removeAccountSignIns(tx, account.id)
  })
  mailPasskeysRemovedWithAccess(ctx.database, account, passkeysRemoved)
  return { id: account.id, removed: true as const }
}

/** An administrator ends every session of a member of their school. */
export async function endStaffSessions(ctx: DomainContext, accountId: string) {
  const { account } = await requireStaffMember(ctx, accountId)
  const sessionsEnded = await endAccountSessions(
    ctx, account.id, { kind: 'staff.sessions_ended', subjectType: 'staff', subjectId: account.id, summary: `${account.email}'s sessions ended` }
  )
  return { id: account.id, sessionsEnded }
}
