import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { accounts, activity, familyAccess, outboxMails } from '../../../db/schema'
import { consumeSignInLink } from '../../../server/domain/accounts/sign-in-links'
import { startSession, findLiveSession } from '../../../server/domain/accounts/sessions'
import { changePersonContact } from '../../../server/domain/people/contact-details'
import { endFamilyAccess, inviteFamilyMember } from '../../../server/domain/portal/family-access'
import { newId } from '../../../server/domain/shared/ids'
import type { DomainError } from '../../../server/domain/shared/domain-error'
import { addStaffAccount, removeStaffAccess } from '../../../server/domain/staff/staff-access'
import { seedFamily } from '../../support/person-fixtures'
import { newSchool } from '../../support/schools'
import { ownStaffRecord, uniqueEmail } from '../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * Nobody at the school becomes a parent's login (issue 35, point 2): the rules of family access as the
 * domain keeps them, whichever surface asks (the screens, the CLI).
 */
describe('family access: nobody at the school becomes a parent\'s login', () => {
  let school: School
  beforeAll(async () => {
    school = await newSchool({ name: 'Trust School' })
  })

  const family = () => seedFamily(school.context, { family: `Trust${Math.random().toString(36).slice(2, 7)}`, child: 'Ife' })
  const withAddress = async (personId: string, email = uniqueEmail('parent')) => {
    await changePersonContact(school.context, personId, { email })
    return email
  }
  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(() => undefined, (thrown: DomainError) => thrown)
    expect(error, 'refused').toBeDefined()
    return { code: error!.code, detail: error!.detail, fields: error!.extras.fields }
  }
  const liveFamilyRows = (where: { accountId?: string, personId?: string }) => school.database.db.select().from(familyAccess)
    .where(and(eq(familyAccess.schoolId, school.id), isNull(familyAccess.endedAt),
      where.accountId ? eq(familyAccess.accountId, where.accountId) : undefined, where.personId ? eq(familyAccess.personId, where.personId) : undefined))

  it('sends the invitation to the address on the adult\'s record and no other; without one it is validation_failed naming the address', async () => {
    const { mother, father } = await family()
    const email = await withAddress(mother)
    const invited = await inviteFamilyMember(school.context, mother)
    const [account] = await school.database.db.select().from(accounts).where(eq(accounts.id, invited.accountId))
    expect(account).toMatchObject({ email, personId: mother })
    expect(await school.database.db.select({ to: outboxMails.to }).from(outboxMails).where(eq(outboxMails.to, email))).toHaveLength(1)
    const none = await refusal(inviteFamilyMember(school.context, father))
    expect(none).toMatchObject({ code: 'validation_failed', fields: [{ path: 'email', message: expect.stringContaining('no email address on file') }] })
  })

  it('refuses an address of a member of staff, present or past, for anyone but their own person', async () => {
    const { mother, father } = await family()
    const office = await addStaffAccount(school.context, { email: uniqueEmail('office'), role: 'office' })
    // The office puts its own address on the parent's record (Activity records that), then invites.
    await withAddress(mother, office.email)
    expect(await refusal(inviteFamilyMember(school.context, mother))).toMatchObject({ code: 'conflict', fields: [{ path: 'email' }] })
    expect(await liveFamilyRows({ accountId: office.id })).toEqual([])
    // Removed, the member's account is still one that had staff access here.
    const former = await addStaffAccount(school.context, { email: uniqueEmail('former'), role: 'teacher' })
    await removeStaffAccess(school.context, former.id)
    await withAddress(father, former.email)
    expect(await refusal(inviteFamilyMember(school.context, father))).toMatchObject({ code: 'conflict' })
    expect(await liveFamilyRows({ accountId: former.id })).toEqual([])
  })

  it('gives a member of staff family access for their own person, on their one account', async () => {
    const { father } = await family()
    const email = uniqueEmail('teacher-parent')
    await ownStaffRecord(school, father, email)
    const teacher = await addStaffAccount(school.context, { email, role: 'teacher', personId: father })
    expect((await inviteFamilyMember(school.context, father)).accountId).toBe(teacher.id)
    // Their staff access removed, the account stays for their own family access.
    await removeStaffAccess(school.context, teacher.id)
    expect(await liveFamilyRows({ accountId: teacher.id })).toMatchObject([{ personId: father }])
  })

  it('ends, with a member\'s staff access, family access their account held for someone else, and records it', async () => {
    const { mother } = await family()
    const member = await addStaffAccount(school.context, { email: uniqueEmail('holder'), role: 'office' })
    // As an older version allowed: the member's account holding a parent's portal.
    await school.database.transaction(tx => tx.insert(familyAccess).values({
      id: newId('fam'), schoolId: school.id, accountId: member.id, personId: mother, createdAt: new Date().toISOString(), createdBy: 'system:test',
      endedAt: null, endedBy: null
    }))
    const { secret } = await startSession(school.database, { id: member.id, schoolId: school.id }, 'code')
    await removeStaffAccess(school.context, member.id)
    expect(await liveFamilyRows({ personId: mother })).toEqual([])
    expect(await findLiveSession(school.database, secret)).toBeUndefined()
    const [account] = await school.database.db.select().from(accounts).where(eq(accounts.id, member.id))
    expect(account!.removedAt).not.toBeNull()
    const ended = await school.database.db.select().from(activity)
      .where(and(eq(activity.schoolId, school.id), eq(activity.kind, 'family.ended'), eq(activity.subjectId, mother)))
    expect(ended).toHaveLength(1)
  })

  it('cancels the adult\'s earlier unused links when inviting again: only the newest signs in', async () => {
    const { mother } = await family()
    await withAddress(mother)
    const first = await inviteFamilyMember(school.context, mother)
    const second = await inviteFamilyMember(school.context, mother)
    expect(second.accountId).toBe(first.accountId)
    const secretOf = (link: string) => new URL(link).searchParams.get('token')!
    expect(await refusal(consumeSignInLink(school.database, secretOf(first.signInLink)))).toMatchObject({ code: 'unauthenticated' })
    expect((await consumeSignInLink(school.database, secretOf(second.signInLink))).id).toBe(first.accountId)
    const invitedAgain = await school.database.db.select().from(activity).where(and(eq(activity.kind, 'family.invited'), eq(activity.subjectId, mother)))
    expect(invitedAgain).toHaveLength(2)
  })

  it('cannot give one account two adults, or one adult two accounts, however the invitations race', async () => {
    const { mother, father } = await family()
    const shared = uniqueEmail('shared')
    await withAddress(mother, shared)
    await withAddress(father, shared)
    const both = await Promise.allSettled([inviteFamilyMember(school.context, mother), inviteFamilyMember(school.context, father)])
    expect(both.map(result => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((both.find(result => result.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' })
    const [account] = await school.database.db.select().from(accounts).where(eq(accounts.email, shared))
    expect(await liveFamilyRows({ accountId: account!.id })).toHaveLength(1)

    const { mother: single } = await family()
    await withAddress(single)
    const twice = await Promise.all([inviteFamilyMember(school.context, single), inviteFamilyMember(school.context, single)])
    expect(twice[0].accountId).toBe(twice[1].accountId)
    expect(await liveFamilyRows({ personId: single })).toHaveLength(1)

    // The database itself keeps one live row per account and per adult, whatever a future caller forgets.
    const [live] = await liveFamilyRows({ personId: single })
    const again = { id: newId('fam'), schoolId: school.id, createdAt: new Date().toISOString(), createdBy: 'system:test', endedAt: null, endedBy: null }
    await expect(school.database.transaction(tx => tx.insert(familyAccess).values({ ...again, accountId: account!.id, personId: single }))).rejects.toThrow()
    await expect(
      school.database.transaction(tx => tx.insert(familyAccess).values({ ...again, accountId: live!.accountId, personId: mother }))
    ).rejects.toThrow()
  })

  it('answers an address with an account at another school exactly as any address whose account cannot be this adult\'s', async () => {
    const elsewhere = await newSchool({ name: 'Elsewhere School' })
    const theirs = await addStaffAccount(elsewhere.context, { email: uniqueEmail('elsewhere'), role: 'teacher' })
    const ours = await addStaffAccount(school.context, { email: uniqueEmail('ours'), role: 'teacher' })
    const { mother, father } = await family()
    await withAddress(mother, theirs.email)
    await withAddress(father, ours.email)
    const blind = (answer: Awaited<ReturnType<typeof refusal>>, email: string) => JSON.parse(JSON.stringify(answer).replaceAll(email, 'ADDRESS'))
    const other = blind(await refusal(inviteFamilyMember(school.context, mother)), theirs.email)
    const same = blind(await refusal(inviteFamilyMember(school.context, father)), ours.email)
    expect(other).toEqual(same)
    expect(other.code).toBe('conflict')
  })

  it('ends family access once when two ends come at once: the second is not_found, and Activity records one end', async () => {
    const { mother } = await family()
    await withAddress(mother)
    await inviteFamilyMember(school.context, mother)
    const both = await Promise.allSettled([endFamilyAccess(school.context, mother), endFamilyAccess(school.context, mother)])
    expect(both.map(result => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((both.find(result => result.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'not_found' })
    const ended = await school.database.db.select().from(activity)
      .where(and(eq(activity.schoolId, school.id), eq(activity.kind, 'family.ended'), eq(activity.subjectId, mother)))
    expect(ended).toHaveLength(1)
  })

  it('ends family access and the account with it when it was the account\'s last access', async () => {
    const { mother } = await family()
    await withAddress(mother)
    const invited = await inviteFamilyMember(school.context, mother)
    await endFamilyAccess(school.context, mother)
    const [account] = await school.database.db.select().from(accounts).where(eq(accounts.id, invited.accountId))
    expect(account!.removedAt).not.toBeNull()
  })
})
