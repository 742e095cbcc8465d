import { beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq } from 'drizzle-orm'
import { activity, familyAccess, outboxMails } from '../../../../db/schema'
import { startSession } from '../../../../server/domain/accounts/sessions'
import { changePersonContact } from '../../../../server/domain/people/contact-details'
import { newId } from '../../../../server/domain/shared/ids'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { seedFamily } from '../../../support/person-fixtures'
import { newSchool } from '../../../support/schools'
import { staffSession, uniqueEmail } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * The office's family access routes, tried as an office member would to hold a parent's portal
 * (issue 35, point 2): every way in is refused, and what the office may do is recorded in Activity.
 */
describe('family invitations: nobody at the school becomes a parent\'s login', () => {
  let school: School
  let office: Awaited<ReturnType<typeof staffSession>>
  beforeAll(async () => {
    school = await newSchool({ name: 'Invitations School' })
    office = await staffSession(school, 'office')
  })
  const invite = (personId: string, body: unknown = {}) =>
    callApi(`/api/app/people/${personId}/family-access`, { method: 'POST', headers: { cookie: office.cookie }, body })
  const family = () => seedFamily(school.context, { family: `Invite${Math.random().toString(36).slice(2, 7)}`, child: 'Tolu' })

  it('takes no address from the office: an email in the body is refused, the record\'s address is used', async () => {
    const { mother } = await family()
    expectEnvelope(await invite(mother, { email: office.member.email }), 400, 'validation_failed')
    expect(await school.database.db.select().from(familyAccess).where(eq(familyAccess.personId, mother))).toEqual([])
    await changePersonContact(school.context, mother, { email: uniqueEmail('record') })
    expect((await invite(mother)).status).toBe(201)
  })

  it('refuses the office member\'s own address put on the parent\'s record: conflict, and no access given', async () => {
    const { father } = await family()
    await changePersonContact(school.context, father, { email: office.member.email })
    expectEnvelope(await invite(father), 409, 'conflict')
    expect(await school.database.db.select().from(familyAccess).where(eq(familyAccess.personId, father))).toEqual([])
  })

  it('answers an address of another school\'s account as it answers one of this school\'s', async () => {
    const elsewhere = await newSchool({ name: 'Elsewhere Invitations' })
    const theirs = await staffSession(elsewhere, 'teacher')
    const ours = await staffSession(school, 'teacher')
    const { mother, father } = await family()
    await changePersonContact(school.context, mother, { email: theirs.member.email })
    await changePersonContact(school.context, father, { email: ours.member.email })
    // The same answer but for the address itself and the request's own trace id.
    const blind = (body: { data: { traceId?: string } }, email: string) =>
      JSON.parse(JSON.stringify({ ...body, data: { ...body.data, traceId: undefined } }).replaceAll(email, 'ADDRESS'))
    const other = await invite(mother)
    const same = await invite(father)
    expect([other.status, blind(other.body, theirs.member.email)]).toEqual([same.status, blind(same.body, ours.member.email)])
  })

  it('re-inviting cancels the earlier link: only the newest signs in, and both are in Activity', async () => {
    const { mother } = await family()
    const email = uniqueEmail('again')
    await changePersonContact(school.context, mother, { email })
    expect((await invite(mother)).status).toBe(201)
    expect((await invite(mother)).status).toBe(201)
    // The link is mailed, never answered: read both from the mail the server kept (no SMTP in tests).
    const mails = await school.database.db.select().from(outboxMails).where(eq(outboxMails.to, email)).orderBy(asc(outboxMails.createdAt))
    const [first, second] = mails.map(mail => /token=([\w-]+)/.exec(mail.text)![1]!)
    expect(mails).toHaveLength(2)
    expectEnvelope(await callApi('/api/app/session/link', { body: { token: first } }), 401, 'unauthenticated')
    expect((await callApi('/api/app/session/link', { body: { token: second } })).body).toMatchObject({ signedIn: true, access: { family: true } })
    const invited = await school.database.db.select().from(activity).where(and(eq(activity.kind, 'family.invited'), eq(activity.subjectId, mother)))
    expect(invited).toHaveLength(2)
  })

  it('removing a member\'s staff access ends the family access their account held for someone else', async () => {
    const { mother } = await family()
    const admin = await staffSession(school, 'admin')
    const member = await staffSession(school, 'office')
    // As an older version allowed: the member's account holding a parent's portal.
    await school.database.transaction(tx => tx.insert(familyAccess).values({
      id: newId('fam'), schoolId: school.id, accountId: member.member.id, personId: mother, createdAt: new Date().toISOString(),
      createdBy: 'system:test', endedAt: null, endedBy: null
    }))
    expect((await callApi(`/api/app/staff/${member.member.id}`, { method: 'DELETE', headers: { cookie: admin.cookie } })).status).toBe(200)
    const { secret } = await startSession(school.database, { id: member.member.id, schoolId: school.id }, 'code')
    expectEnvelope(await callApi('/api/app/portal', { headers: { cookie: `rollbook_session=${secret}` } }), 401, 'unauthenticated')
    expect((await callApi(`/api/app/people/${mother}/family-access`, { headers: { cookie: office.cookie } })).body).toEqual({ access: null })
  })
})
