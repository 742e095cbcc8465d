import { and, eq, isNull } from 'drizzle-orm'
import { accounts, familyAccess, parentalResponsibilities, people } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import { holdUntilCommit } from '../../../db/transaction-lock'
import { isUniqueViolation } from '../../../db/unique-violation'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { recordedActor } from '../shared/actor'
import { recordActivity } from '../activity/record-activity'
import { actorLabels } from '../shared/actor-labels'
import { sendMail } from '../mail/send-mail'
import { renderMail } from '../mail/mail-kinds'
import { personMailReader } from '../mail/mail-reader'
import { normalEmail } from '../accounts/accounts'
import { hasOrHadStaffAccess, liveFamilyAccess, liveStaffRole } from '../accounts/access-kinds'
import { removeAccountSignIns } from '../accounts/account-sign-ins'
import { namedOnAdmissions } from '../access/named-on-admissions'
import { cancelUnusedSignInLinks, insertSignInLink, signInLinkUrl } from '../accounts/sign-in-links'

/*
 * Family access: the office gives an adult on file the family portal. The account is the one sign-in
 * account of their address (an emailed code, a one-time link or a passkey, as for staff); the access is
 * a row of its own naming the adult, never a role. A member of staff who is also a parent keeps both on
 * one account and chooses at sign-in.
 */

/** How long an invitation's sign-in link works. */
export const familyInvitationLifetimeMs = 7 * 86_400_000

/**
 * The adult as the portal may take them: a person of the school, not deleted, who is on file as an
 * adult (holds or held parental responsibility, or is an adult of an application or an enquiry).
 */
export async function requireAdultOnFile(ctx: Pick<DomainContext, 'database' | 'school'>, personId: string) {
  const db = ctx.database.db
  const [person] = await db.select().from(people).where(and(eq(people.id, personId), eq(people.schoolId, ctx.school.id), isNull(people.deletedAt)))
  if (!person) throw domainError('not_found', [`No person has the id ${personId}.`])
  const [carer, named] = await Promise.all([
    db.select({ id: parentalResponsibilities.id }).from(parentalResponsibilities)
      .where(and(eq(parentalResponsibilities.schoolId, ctx.school.id), eq(parentalResponsibilities.adultId, personId))).limit(1),
    namedOnAdmissions(ctx, { adultId: personId }, 'any')
  ])
  if (!carer.length && !named.length) {
    throw domainError(
      'unprocessable',
      ['Only an adult on file gets family access: a carer with parental responsibility, or an adult of an application or an enquiry.']
    )
  }
  return person
}

export interface FamilyInvitation { accountId: string, signInLink: string, linkExpiresAt: string }

/** The address an invitation goes to: the one on the adult's record, and no other (the office changes it there first). */
function addressOnRecord(person: { id: string, email: string | null }): string {
  if (!person.email?.trim()) {
    throw validationFailed([{ path: 'email', message: `Person ${person.id} has no email address on file: add it to their record first, then invite them.` }])
  }
  return normalEmail(person.email)
}

/**
 * One answer for every address whose account cannot take this adult's family access, whichever school
 * it is at: family access as another adult, a member of staff (present or past) who is someone else,
 * an account of another school. So no other school's address can be probed.
 */
const addressTaken = (email: string) => domainError(
  'conflict', [`The address ${email} already has an account that cannot be this adult's family access.`],
  { fields: [{ path: 'email', message: 'This address already has an account that cannot be this adult\'s family access.' }] }
)

/**
 * Gives the adult family access on the account of the address on their record, inside the caller's
 * transaction; an adult who has it keeps it. The checks run in the transaction, under a lock of the
 * adult and of the address (PostgreSQL), and the unique live rows of `family_access` stand behind
 * them: two invitations at once cannot give one account two adults, or one adult two accounts.
 */
async function giveAccessWithin(tx: Db, ctx: DomainContext, personId: string, email: string) {
  await holdUntilCommit(ctx.database, tx, `family access ${ctx.school.id} ${personId}`)
  await holdUntilCommit(ctx.database, tx, `account address ${email}`)
  const [current] = await tx.select({ accountId: familyAccess.accountId, email: accounts.email }).from(familyAccess)
    .innerJoin(accounts, eq(accounts.id, familyAccess.accountId))
    .where(and(eq(familyAccess.schoolId, ctx.school.id), eq(familyAccess.personId, personId), isNull(familyAccess.endedAt)))
  if (current) {
    if (current.email !== email) throw domainError(
      'conflict',
      [`Person ${personId} has family access at another address, ${current.email}: end it, then invite them at the address on their record.`]
    )
    return { accountId: current.accountId, email, isNew: false }
  }
  const [existing] = await tx.select().from(accounts).where(eq(accounts.email, email))
  if (existing && (existing.schoolId !== ctx.school.id
    || await liveFamilyAccess(tx, ctx.school.id, { accountId: existing.id })
    // Nobody at the school becomes a parent's login: an account that has or had staff access is its own person's alone.
    || (existing.personId !== personId && await hasOrHadStaffAccess(tx, ctx.school.id, existing.id)))) {
    throw addressTaken(email)
  }
  const now = timestampNow()
  const accountId = existing?.id ?? newId('acc')
  if (!existing) await tx.insert(accounts).values({ id: accountId, schoolId: ctx.school.id, email, personId, createdAt: now, removedAt: null })
  // An account with no access left is taken back for the portal alone: staff access it had stays ended.
  else if (existing.removedAt || existing.personId !== personId) await tx.update(accounts).set({ removedAt: null, personId })
    .where(eq(accounts.id, existing.id))
  await tx.insert(familyAccess).values({
    id: newId('fam'), schoolId: ctx.school.id, accountId, personId, createdAt: now, createdBy: recordedActor(ctx.actor), endedAt: null, endedBy: null
  })
  await recordActivity(tx, ctx, { kind: 'family.invited', subjectType: 'person', subjectId: personId, summary: `Person ${personId} given family access` })
  return { accountId, email, isNew: true }
}

/** A race the checks did not see (SQLite never has one; PostgreSQL's locks make it rare) answers as they would have. */
function conflictOnRace(email: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw addressTaken(email)
    throw error
  }
}

/**
 * Gives an adult on file family access at the address on their record, on the account of that
 * address; an adult who has it keeps it. Answers the account and whether the access is new.
 */
export async function giveFamilyAccess(ctx: DomainContext, personId: string) {
  const email = addressOnRecord(await requireAdultOnFile(ctx, personId))
  return ctx.database.transaction(tx => giveAccessWithin(tx, ctx, personId, email)).catch(conflictOnRace(email))
}

/**
 * Gives an adult on file family access and mails them a sign-in link (seven days, once) at the address
 * on their record. Inviting again sends a new link and cancels the adult's earlier unused ones.
 */
export async function inviteFamilyMember(ctx: DomainContext, personId: string): Promise<FamilyInvitation> {
  const email = addressOnRecord(await requireAdultOnFile(ctx, personId))
  const { access, link } = await ctx.database.transaction(async (tx) => {
    const access = await giveAccessWithin(tx, ctx, personId, email)
    await cancelUnusedSignInLinks(tx, access.accountId)
    const link = await insertSignInLink(tx, access.accountId, familyInvitationLifetimeMs)
    if (!access.isNew) await recordActivity(
      tx, ctx,
      { kind: 'family.invited', subjectType: 'person', subjectId: personId, summary: `Person ${personId} invited to the family portal again` }
    )
    return { access, link }
  }).catch(conflictOnRace(email))
  const signInLink = signInLinkUrl(link.secret)
  const reader = await personMailReader(ctx.database, ctx.school, personId)
  await sendMail(ctx.database, { to: access.email, ...renderMail('familyInvitation', reader, { school: ctx.school.name, link: signInLink }) })
  return { accountId: access.accountId, signInLink, linkExpiresAt: link.expiresAt }
}

async function accountEmail(database: Database, accountId: string): Promise<string> {
  const [row] = await database.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId))
  return row!.email
}

/**
 * Ends an adult's family access. An account with no staff access goes with it (its sessions, passkeys,
 * links and codes, as when staff access is removed); a member of staff keeps their account and role.
 * Read and ended in one transaction under the adult's lock (the one invitations take), and the end
 * names a live row only: two ends at once end it once, and the second is `not_found`.
 */
export async function endFamilyAccess(ctx: DomainContext, personId: string) {
  const now = timestampNow()
  await ctx.database.transaction(async (tx) => {
    await holdUntilCommit(ctx.database, tx, `family access ${ctx.school.id} ${personId}`)
    const [ended] = await tx.update(familyAccess).set({ endedAt: now, endedBy: recordedActor(ctx.actor) })
      .where(and(eq(familyAccess.schoolId, ctx.school.id), eq(familyAccess.personId, personId), isNull(familyAccess.endedAt)))
      .returning({ accountId: familyAccess.accountId })
    if (!ended) throw domainError('not_found', [`Person ${personId} has no family access to end.`])
    // A member of staff keeps their account and sessions: every portal request asks for live family access.
    if (await liveStaffRole(tx, ctx.school.id, ended.accountId) === undefined) {
      await tx.update(accounts).set({ removedAt: now }).where(eq(accounts.id, ended.accountId))
      await removeAccountSignIns(tx, ended.accountId)
    }
    await recordActivity(tx, ctx, { kind: 'family.ended', subjectType: 'person', subjectId: personId, summary: `Person ${personId}'s family access ended` })
  })
  return { personId, ended: true as const }
}

/** An adult's family access as the office sees it on their record: the address, since when, by whom (in words, as Activity names them); null without. */
export async function familyAccessOfPerson(ctx: Pick<DomainContext, 'database' | 'school'>, personId: string) {
  const current = await liveFamilyAccess(ctx.database.db, ctx.school.id, { personId })
  if (!current) return null
  const labels = await actorLabels(ctx.database.db, ctx.school.id, [current.createdBy])
  return {
    accountId: current.accountId, email: await accountEmail(ctx.database, current.accountId), since: current.createdAt,
    givenBy: labels.get(current.createdBy) ?? current.createdBy
  }
}
