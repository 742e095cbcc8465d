import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { accounts, familyAccess, outboxMails, signInLinks, staffAccess } from '../../../db/schema'
import { consumeSignInLink } from '../../../server/domain/accounts/sign-in-links'
import { changePersonContact } from '../../../server/domain/people/contact-details'
import { endFamilyAccess, inviteFamilyMember } from '../../../server/domain/portal/family-access'
import type { DomainError } from '../../../server/domain/shared/domain-error'
import { addStaffWithLink } from '../../../server/domain/staff/add-staff-with-link'
import { addStaffAccount, removeStaffAccess } from '../../../server/domain/staff/staff-access'
import { seedFamily } from '../../support/person-fixtures'
import { newSchool } from '../../support/schools'
import { ownStaffRecord, uniqueEmail } from '../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * Nobody at the school becomes a parent's login through adding staff (the review of issue 35): a member
 * of staff with `staff.manage` adding a parent's address as a teacher must not get a link into the
 * parent's account, nor link a new account to a parent's record.
 */
describe('adding staff never hands anyone a parent\'s login', () => {
  let school: School
  beforeAll(async () => {
    school = await newSchool({ name: 'Staff Add School' })
  })

  const family = () => seedFamily(school.context, { family: `Add${Math.random().toString(36).slice(2, 7)}`, child: 'Ife' })
  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(() => undefined, (thrown: DomainError) => thrown)
    expect(error, 'refused').toBeDefined()
    return { code: error!.code, fields: error!.extras.fields }
  }
  const invitedParent = async () => {
    const { mother, father } = await family()
    const email = uniqueEmail('parent')
    await changePersonContact(school.context, mother, { email })
    const invited = await inviteFamilyMember(school.context, mother)
    return { mother, father, email, accountId: invited.accountId }
  }
  const liveStaffOf = (accountId: string) => school.database.db.select().from(staffAccess)
    .where(and(eq(staffAccess.accountId, accountId), isNull(staffAccess.endedAt)))
  const mailsTo = (email: string) => school.database.db.select({ subject: outboxMails.subject, text: outboxMails.text }).from(outboxMails)
    .where(eq(outboxMails.to, email))
  const secretOf = (text: string) => new URL(text.match(/https?:\/\/\S+\/sign-in\/link\?token=\S+/)![0]).searchParams.get('token')!

  it('answers the sign-in link for a brand-new account, and mails nothing', async () => {
    const email = uniqueEmail('newcomer')
    const added = await addStaffWithLink(school.context, { email, role: 'teacher' })
    expect(added.signInLink).toMatch(/\/sign-in\/link\?token=/)
    expect(await mailsTo(email)).toEqual([])
    expect((await consumeSignInLink(school.database, new URL(added.signInLink!).searchParams.get('token')!)).id).toBe(added.member.id)
  })

  it('refuses a parent\'s address (an account with family access) as a new teacher: conflict on email, nothing written, no link', async () => {
    const parent = await invitedParent()
    const linksBefore = await school.database.db.select().from(signInLinks).where(eq(signInLinks.accountId, parent.accountId))
    expect(await refusal(addStaffWithLink(school.context, { email: parent.email, role: 'teacher' })))
      .toMatchObject({ code: 'conflict', fields: [{ path: 'email' }] })
    expect(await liveStaffOf(parent.accountId)).toEqual([])
    expect(await school.database.db.select().from(signInLinks).where(eq(signInLinks.accountId, parent.accountId))).toHaveLength(linksBefore.length)
    // Naming the parent's own record does not help: a parent is not on file as staff.
    expect(await refusal(addStaffWithLink(school.context, { email: parent.email, role: 'teacher', personId: parent.mother })))
      .toMatchObject({ code: 'validation_failed', fields: [{ path: 'personId' }] })
    expect(await liveStaffOf(parent.accountId)).toEqual([])
  })

  it('refuses an account that had family access, ended, for someone who is not the member\'s own record', async () => {
    const parent = await invitedParent()
    await endFamilyAccess(school.context, parent.mother)
    expect(await refusal(addStaffAccount(school.context, { email: parent.email, role: 'office' })))
      .toMatchObject({ code: 'conflict', fields: [{ path: 'email' }] })
    const [account] = await school.database.db.select().from(accounts).where(eq(accounts.id, parent.accountId))
    expect(account).toMatchObject({ personId: parent.mother, removedAt: expect.any(String) })
  })

  it('links a new account only to the member\'s own record: a staff affiliation and the address being added', async () => {
    const { father, mother } = await family()
    const email = uniqueEmail('teacher')
    // A parent's record: no staff affiliation.
    await changePersonContact(school.context, father, { email })
    expect(await refusal(addStaffAccount(school.context, { email, role: 'teacher', personId: father })))
      .toMatchObject({ code: 'validation_failed', fields: [{ path: 'personId' }] })
    // A member of staff's record, but with another address than the one being added.
    await ownStaffRecord(school, mother, uniqueEmail('elsewhere'))
    expect(await refusal(addStaffAccount(school.context, { email, role: 'teacher', personId: mother })))
      .toMatchObject({ code: 'validation_failed', fields: [{ path: 'personId' }] })
    expect(await refusal(addStaffAccount(school.context, { email, role: 'teacher', personId: 'per_nobody000000000' })))
      .toMatchObject({ code: 'validation_failed', fields: [{ path: 'personId' }] })
    expect(await school.database.db.select().from(accounts).where(eq(accounts.email, email))).toEqual([])
  })

  it('adds staff access to a teacher-parent\'s own family account and mails its link, never answering it', async () => {
    const { father } = await family()
    const email = uniqueEmail('teacher-parent')
    await ownStaffRecord(school, father, email)
    const invited = await inviteFamilyMember(school.context, father)
    const added = await addStaffWithLink(school.context, { email, role: 'teacher', personId: father })
    expect(added).toMatchObject({ member: { id: invited.accountId, personId: father }, signInLink: null })
    const mails = await mailsTo(email)
    const staffMail = mails.find(mail => mail.subject.includes('staff access'))!
    expect(staffMail.text).toContain('/sign-in/link?token=')
    expect((await consumeSignInLink(school.database, secretOf(staffMail.text))).id).toBe(invited.accountId)
    expect(await liveStaffOf(invited.accountId)).toHaveLength(1)
  })

  it('mails a removed member added again their link, rather than answering it to whoever adds them', async () => {
    const email = uniqueEmail('returning')
    const first = await addStaffWithLink(school.context, { email, role: 'teacher' })
    await removeStaffAccess(school.context, first.member.id)
    const again = await addStaffWithLink(school.context, { email, role: 'office' })
    expect(again).toMatchObject({ member: { id: first.member.id, role: 'office' }, signInLink: null })
    expect((await mailsTo(email)).map(mail => mail.text)).toEqual([expect.stringContaining('/sign-in/link?token=')])
  })

  it('an invitation and a staff add of one address at once never leave a staff member holding a parent\'s login', async () => {
    const { mother } = await family()
    const email = uniqueEmail('raced')
    await changePersonContact(school.context, mother, { email })
    const both = await Promise.allSettled([inviteFamilyMember(school.context, mother), addStaffWithLink(school.context, { email, role: 'teacher' })])
    expect(both.map(result => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((both.find(result => result.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' })
    const [account] = await school.database.db.select().from(accounts).where(eq(accounts.email, email))
    const families = await school.database.db.select().from(familyAccess).where(and(eq(familyAccess.accountId, account!.id), isNull(familyAccess.endedAt)))
    expect(families.length + (await liveStaffOf(account!.id)).length).toBe(1)
  })
})
