import { and, eq, isNull } from 'drizzle-orm'
import { accounts, applicationAdults, enquiries, familyAccess, parentalResponsibilities, people } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow } from '../shared/clock'
import { recordedActor } from '../shared/actor'
import { recordActivity } from '../activity/record-activity'
import { actorLabels } from '../shared/actor-labels'
import { sendMail } from '../mail/send-mail'
import { normalEmail } from '../accounts/accounts'
import { liveFamilyAccessOfAccount, liveStaffRole, type FamilyAccessRow } from '../accounts/access-kinds'
import { removeAccountSignIns } from '../accounts/passkeys'
import { createSignInLink, signInLinkUrl } from '../accounts/sign-in-links'

/*
 * Family access: the office gives an adult on file the family portal. The account is the one sign-in
 * account of their address (an emailed code, a one-time link or a passkey, as for staff); the access is
 * a row of its own naming the adult, never a role. A member of staff who is also a parent keeps both on
 * one account and chooses at sign-in.
 */

/** How long an invitation's sign-in link works. */
export const familyInvitationLifetimeMs = 7 * 86_400_000

async function liveFamilyAccessOfPerson(database: Database, schoolId: string, personId: string): Promise<FamilyAccessRow | undefined> {
  const [row] = await database.db.select().from(familyAccess)
    .where(and(eq(familyAccess.schoolId, schoolId), eq(familyAccess.personId, personId), isNull(familyAccess.endedAt)))
    .limit(1)
  return row
}

/**
 * The adult as the portal may take them: a person of the school, not deleted, who is on file as an
 * adult (holds or held parental responsibility, or is an adult of an application or an enquiry).
 */
export async function requireAdultOnFile(ctx: Pick<DomainContext, 'database' | 'school'>, personId: string) {
  const db = ctx.database.db
  const [person] = await db.select().from(people).where(and(eq(people.id, personId), eq(people.schoolId, ctx.school.id), isNull(people.deletedAt)))
  if (!person) throw domainError('not_found', [`No person has the id ${personId}.`])
  const [carer, applicant, enquirer] = await Promise.all([
    db.select({ id: parentalResponsibilities.id }).from(parentalResponsibilities).where(and(eq(parentalResponsibilities.schoolId, ctx.school.id), eq(parentalResponsibilities.adultId, personId))).limit(1),
    db.select({ id: applicationAdults.id }).from(applicationAdults).where(eq(applicationAdults.personId, personId)).limit(1),
    db.select({ id: enquiries.id }).from(enquiries).where(and(eq(enquiries.schoolId, ctx.school.id), eq(enquiries.enquirerId, personId))).limit(1)
  ])
  if (!carer.length && !applicant.length && !enquirer.length) {
    throw domainError('unprocessable', ['Only an adult on file gets family access: a carer with parental responsibility, or an adult of an application or an enquiry.'])
  }
  return person
}

/**
 * The account an invitation signs in: the address's account at this school (a member of staff who is
 * also a parent keeps their role), one the school removed (taken back with no staff access), or a new
 * one with no staff access. An address of another school's account is `conflict`: an address names one
 * account in a deployment.
 */
async function accountForInvitation(ctx: DomainContext, email: string) {
  const [existing] = await ctx.database.db.select().from(accounts).where(eq(accounts.email, email))
  if (existing && existing.schoolId !== ctx.school.id) throw domainError('conflict', [`The address ${email} already has an account at another school.`], { fields: [{ path: 'email', message: 'This address has an account at another school.' }] })
  return existing
}

export interface FamilyInvitation { accountId: string, signInLink: string, linkExpiresAt: string }

/**
 * Gives an adult on file family access at an address (the person's own unless given), on the account
 * of that address; an adult who has it keeps it. Answers the account and whether the access is new.
 */
export async function giveFamilyAccess(ctx: DomainContext, personId: string, input: { email?: string } = {}) {
  const person = await requireAdultOnFile(ctx, personId)
  const current = await liveFamilyAccessOfPerson(ctx.database, ctx.school.id, personId)
  if (current) return { accountId: current.accountId, email: await accountEmail(ctx.database, current.accountId), isNew: false }
  const given = input.email ?? person.email
  if (!given) throw validationFailed([{ path: 'email', message: 'The person has no email address on file: give one.' }])
  const email = normalEmail(given)
  const existing = await accountForInvitation(ctx, email)
  if (existing && !existing.removedAt && await liveFamilyAccessOfAccount(ctx.database.db, ctx.school.id, existing.id)) {
    throw domainError('conflict', [`The address ${email} already has family access as another adult.`], { fields: [{ path: 'email', message: 'This address already has family access as another adult.' }] })
  }
  const now = timestampNow()
  const accountId = existing?.id ?? newId('acc')
  await ctx.database.transaction(async (tx) => {
    if (!existing) await tx.insert(accounts).values({ id: accountId, schoolId: ctx.school.id, email, personId, createdAt: now, removedAt: null })
    // Taken back for the portal alone: its staff access, if it had any, stays ended.
    else if (existing.removedAt) await tx.update(accounts).set({ removedAt: null, personId }).where(eq(accounts.id, existing.id))
    await tx.insert(familyAccess).values({ id: newId('fam'), schoolId: ctx.school.id, accountId, personId, createdAt: now, createdBy: recordedActor(ctx.actor), endedAt: null, endedBy: null })
    await recordActivity(tx, ctx, { kind: 'family.invited', subjectType: 'person', subjectId: personId, summary: `Person ${personId} given family access` })
  })
  return { accountId, email, isNew: true }
}

/**
 * Gives an adult on file family access and mails them a sign-in link (seven days, once). Inviting an
 * adult who already has access sends a new link, to the address of their access.
 */
export async function inviteFamilyMember(ctx: DomainContext, personId: string, input: { email?: string } = {}): Promise<FamilyInvitation> {
  const access = await giveFamilyAccess(ctx, personId, input)
  if (!access.isNew) {
    await ctx.database.transaction(tx => recordActivity(tx, ctx, { kind: 'family.invited', subjectType: 'person', subjectId: personId, summary: `Person ${personId} invited to the family portal again` }))
  }
  const link = await createSignInLink(ctx.database, access.accountId, familyInvitationLifetimeMs)
  const signInLink = signInLinkUrl(link.secret)
  await sendMail(ctx.database, {
    to: access.email,
    subject: `${ctx.school.name}: your family portal`,
    text: `${ctx.school.name} has given you access to its family portal, where you can see your children's details, keep your own up to date, and follow your applications.\n\nSign in with this link (it works once, within seven days):\n${signInLink}\n\nAfter that, sign in with a code sent to this address, or add a passkey.`
  })
  return { accountId: access.accountId, signInLink, linkExpiresAt: link.expiresAt }
}

async function accountEmail(database: Database, accountId: string): Promise<string> {
  const [row] = await database.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId))
  return row!.email
}

/**
 * Ends an adult's family access. An account with no staff access goes with it (its sessions, passkeys,
 * links and codes, as when staff access is removed); a member of staff keeps their account and role.
 */
export async function endFamilyAccess(ctx: DomainContext, personId: string) {
  const current = await liveFamilyAccessOfPerson(ctx.database, ctx.school.id, personId)
  if (!current) throw domainError('not_found', [`Person ${personId} has no family access to end.`])
  const now = timestampNow()
  await ctx.database.transaction(async (tx) => {
    await tx.update(familyAccess).set({ endedAt: now, endedBy: recordedActor(ctx.actor) }).where(eq(familyAccess.id, current.id))
    // A member of staff keeps their account and sessions: every portal request asks for live family access.
    if (await liveStaffRole(tx, ctx.school.id, current.accountId) === undefined) {
      await tx.update(accounts).set({ removedAt: now }).where(eq(accounts.id, current.accountId))
      await removeAccountSignIns(tx, current.accountId)
    }
    await recordActivity(tx, ctx, { kind: 'family.ended', subjectType: 'person', subjectId: personId, summary: `Person ${personId}'s family access ended` })
  })
  return { personId, ended: true as const }
}

/** An adult's family access as the office sees it on their record: the address, since when, by whom (in words, as Activity names them); null without. */
export async function familyAccessOfPerson(ctx: Pick<DomainContext, 'database' | 'school'>, personId: string) {
  const current = await liveFamilyAccessOfPerson(ctx.database, ctx.school.id, personId)
  if (!current) return null
  const labels = await actorLabels(ctx.database.db, ctx.school.id, [current.createdBy])
  return { accountId: current.accountId, email: await accountEmail(ctx.database, current.accountId), since: current.createdAt, givenBy: labels.get(current.createdBy) ?? current.createdBy }
}
