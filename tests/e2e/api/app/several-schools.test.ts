import { beforeAll, describe, expect, inject, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { outboxMails } from '../../../../db/schema'
import { addStaffAccount } from '../../../../server/domain/staff/staff-access'
import { grantStaffAccessElsewhere } from '../../../../server/domain/staff/staff-access-elsewhere'
import { recordEnquiry } from '../../../../server/domain/enquiries/record-enquiry'
import { systemContext } from '../../../../server/domain/shared/context'
import { callApi } from '../../../support/api'
import { adminJson, adminRun } from '../../../support/admin-cli'
import { expectEnvelope } from '../../../support/envelope'
import { seedFamily } from '../../../support/person-fixtures'
import { newSchool } from '../../../support/schools'
import { softAuthenticator } from '../../../support/soft-authenticator'
import { staffSession, uniqueEmail } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * One account at two schools of the deployment (docs/several-schools.md): it signs in once, switches from
 * the user menu's route, and every answer is the chosen school's; a token stays its school's.
 */

/** This file's own client address: the sign-in limits count per client, and other files sign in from theirs. */
const client = '127.0.0.44'
const cookieOf = (answer: { headers: Headers }) => answer.headers.getSetCookie().find(line => line.startsWith('rollbook_session='))?.split(';')[0]
const app = (path: string, cookie: string, request: { method?: string, body?: unknown } = {}) => callApi(path, { ...request, headers: { cookie } })
const origin = () => inject('baseUrl').replace('127.0.0.1', 'localhost')

describe('one account, several schools', () => {
  let alder: School
  let birch: School
  let cedar: School
  let families: { alder: Awaited<ReturnType<typeof seedFamily>>, birch: Awaited<ReturnType<typeof seedFamily>> }
  beforeAll(async () => {
    [alder, birch, cedar] = await Promise.all([newSchool({ name: 'Alder Primary' }), newSchool({ name: 'Birch High' }), newSchool({ name: 'Cedar College' })])
    families = {
      alder: await seedFamily(alder.context, { family: 'Alderson', child: 'Ana' }),
      birch: await seedFamily(birch.context, { family: 'Birchall', child: 'Ben' })
    }
    const enquiry = (familyName: string) => ({
      student: { familyName, givenNames: 'Zoë' }, enquirer: { familyName, givenNames: 'Hine', relationship: 'mother' }, channel: 'referral'
    })
    await recordEnquiry(alder.context, enquiry('Alderquest'))
    await recordEnquiry(birch.context, enquiry('Birchquest'))
  })

  /** A member of staff whose home is Alder (admin) with access at Birch too (admissions), given by the operator. */
  async function twoSchoolMember() {
    const member = await addStaffAccount(alder.context, { email: uniqueEmail('district'), role: 'admin' })
    await grantStaffAccessElsewhere(systemContext(birch.database, birch.school, 'cli'), { email: member.email, role: 'admissions' })
    return member
  }
  // The mail is sent after the answer: a second sign-in waits for a mail other than the one it answered before.
  const mailsAnswered = new Set<string>()
  async function signInByCode(email: string) {
    await callApi('/api/app/session/code', { body: { email }, localAddress: client })
    for (let i = 0; i < 400; i++) {
      const [mail] = await alder.database.db.select().from(outboxMails).where(eq(outboxMails.to, email)).orderBy(desc(outboxMails.createdAt)).limit(1)
      const code = mail && !mailsAnswered.has(mail.id) ? /code is (\d{6})/.exec(mail.text)?.[1] : undefined
      if (code) {
        mailsAnswered.add(mail!.id)
        const answer = await callApi('/api/app/session/code/verify', { body: { email, code }, localAddress: client })
        expect(answer.status).toBe(200)
        return cookieOf(answer)!
      }
      await new Promise(done => setTimeout(done, 100))
    }
    throw new Error(`No code reached ${email}`)
  }
  async function switchTo(cookie: string, schoolId: string) {
    const answer = await app('/api/app/session/school', cookie, { body: { schoolId } })
    return { answer, cookie: cookieOf(answer) }
  }
  const names = (answer: { body: { items: { familyName: string }[] } }) => [...new Set(answer.body.items.map(item => item.familyName))]

  it('signs in once at the home school and lists only the schools with live access, by name, with the role at each', async () => {
    const member = await twoSchoolMember()
    const cookie = await signInByCode(member.email)
    const session = await app('/api/app/session', cookie)
    expect(session.body.school).toEqual({ id: alder.id, name: 'Alder Primary' })
    expect(session.body.schools).toEqual([{ id: alder.id, name: 'Alder Primary', role: 'admin' }, { id: birch.id, name: 'Birch High', role: 'admissions' }])
    expect(session.body.account.role).toBe('admin')
  })

  it('switches with a new secret; every later answer (people, enquiries, roles) is the chosen school\'s, the other\'s records not_found', async () => {
    const member = await twoSchoolMember()
    const atAlder = await signInByCode(member.email)
    expect(names(await app('/api/app/people?limit=50', atAlder))).toContain('Alderson')
    const { answer, cookie } = await switchTo(atAlder, birch.id)
    expect([answer.status, answer.body]).toEqual([200, { school: { id: birch.id, name: 'Birch High', role: 'admissions' } }])
    expect(cookie).toBeDefined()
    expect(cookie).not.toBe(atAlder)
    expectEnvelope(await app('/api/app/session', atAlder), 401, 'unauthenticated')
    const session = await app('/api/app/session', cookie!)
    expect(session.body).toMatchObject({ school: { id: birch.id }, account: { role: 'admissions' } })
    expect(session.body.account.capabilities).not.toContain('tokens.manage')
    const people = await app('/api/app/people?limit=50', cookie!)
    expect(names(people)).toContain('Birchall')
    expect(names(people)).not.toContain('Alderson')
    const enquiries = await app('/api/app/admissions/enquiries', cookie!)
    expect(JSON.stringify(enquiries.body)).toContain('Birchquest')
    expect(JSON.stringify(enquiries.body)).not.toContain('Alderquest')
    expectEnvelope(await app(`/api/app/people/${families.alder.child}`, cookie!), 404, 'not_found')
    expect((await app(`/api/app/people/${families.birch.child}`, cookie!)).status).toBe(200)
    expectEnvelope(await app('/api/app/tokens', cookie!), 403, 'forbidden')
  })

  it('refuses a school without live access as not_found, alike for one that exists and one that does not, and the session stays where it was', async () => {
    const member = await twoSchoolMember()
    const cookie = await signInByCode(member.email)
    const existing = await switchTo(cookie, cedar.id)
    const missing = await switchTo(cookie, 'sch_nothere')
    expectEnvelope(existing.answer, 404, 'not_found')
    expectEnvelope(missing.answer, 404, 'not_found')
    expect(existing.answer.body.data.detail).toEqual([`You have no staff access at a school with the id ${cedar.id}.`])
    expect(existing.cookie).toBeUndefined()
    expect((await app('/api/app/session', cookie)).body.school.id).toBe(alder.id)
    expectEnvelope(await switchTo(cookie, '').then(switched => switched.answer), 400, 'validation_failed')
  })

  it('does not carry a step-up proof to the other school: a step-up route there asks for a passkey again', async () => {
    const member = await twoSchoolMember()
    await grantStaffAccessElsewhere(systemContext(cedar.database, cedar.school, 'cli'), { email: member.email, role: 'admin' })
    const authenticator = softAuthenticator(origin())
    // Registered from a session at the home school; the passkey is the account's, so it signs in to every school of it.
    const atAlder = await signInByCode(member.email)
    const options = await app('/api/app/passkeys/options', atAlder, { body: {} })
    expect((await app('/api/app/passkeys', atAlder, { body: { response: authenticator.register(options.body), name: 'Laptop' } })).status).toBe(201)
    const signInOptions = await callApi('/api/app/session/passkey/options', { body: {} })
    const signedIn = await callApi('/api/app/session/passkey', { body: { response: authenticator.authenticate(signInOptions.body) } })
    expect(signedIn.status).toBe(200)
    const byPasskey = cookieOf(signedIn)!
    const issue = (cookie: string) => app('/api/app/tokens', cookie, { body: { purpose: 'Step-up check', scopes: ['person.read'] } })
    expect((await issue(byPasskey)).status).toBe(201)
    const { cookie: atCedar } = await switchTo(byPasskey, cedar.id)
    expectEnvelope(await issue(atCedar!), 403, 'step_up_required')
  })

  it('ends the session\'s access when the school ends the member\'s access there; the account and its other school stay', async () => {
    const member = await twoSchoolMember()
    const { cookie: birchAdmin } = await staffSession(birch, 'admin')
    const { cookie: atBirch } = await switchTo(await signInByCode(member.email), birch.id)
    const other = await signInByCode(member.email)
    expect((await app('/api/app/session', other)).body.school.id).toBe(birch.id)
    const { cookie: stillAlder } = await switchTo(other, alder.id)
    expect((await app(`/api/app/staff/${member.id}`, birchAdmin, { method: 'DELETE' })).status).toBe(200)
    expectEnvelope(await app('/api/app/session', atBirch!), 401, 'unauthenticated')
    expect((await app('/api/app/session', stillAlder!)).body.schools).toEqual([{ id: alder.id, name: 'Alder Primary', role: 'admin' }])
    expectEnvelope((await switchTo(stillAlder!, birch.id)).answer, 404, 'not_found')
    const again = await signInByCode(member.email)
    expect((await app('/api/app/session', again)).body.school.id).toBe(alder.id)
  })

  it('is joined to another school by the operator\'s `staff grant` in the admin CLI, which refuses an address with no account', async () => {
    const member = await addStaffAccount(alder.context, { email: uniqueEmail('cli-grant'), role: 'office' })
    const granted = await adminJson(['staff', 'grant', '--school', birch.id, '--email', member.email, '--role', 'teacher'])
    expect(granted).toMatchObject({ id: member.id, email: member.email, role: 'teacher', personId: null })
    const cookie = await signInByCode(member.email)
    expect((await app('/api/app/session', cookie)).body.schools.map((school: { id: string }) => school.id)).toEqual([alder.id, birch.id])
    const unknown = await adminRun(['staff', 'grant', '--school', birch.id, '--email', uniqueEmail('nobody'), '--role', 'teacher', '--json'])
    expect([unknown.code, JSON.parse(unknown.stdout).error.code]).toEqual([1, 'not_found'])
  })

  it('opens the school chosen last at the next sign-in', async () => {
    const member = await twoSchoolMember()
    await switchTo(await signInByCode(member.email), birch.id)
    const again = await signInByCode(member.email)
    expect((await app('/api/app/session', again)).body.school).toEqual({ id: birch.id, name: 'Birch High' })
  })

  it('keeps a token to the school it was issued at, though its maker has access at the other', async () => {
    const member = await twoSchoolMember()
    const authenticator = softAuthenticator(origin())
    const atAlder = await signInByCode(member.email)
    const options = await app('/api/app/passkeys/options', atAlder, { body: {} })
    await app('/api/app/passkeys', atAlder, { body: { response: authenticator.register(options.body), name: 'Laptop' } })
    const signInOptions = await callApi('/api/app/session/passkey/options', { body: {} })
    const byPasskey = cookieOf(await callApi('/api/app/session/passkey', { body: { response: authenticator.authenticate(signInOptions.body) } }))!
    const issued = await app('/api/app/tokens', byPasskey, { body: { purpose: 'Alder only', scopes: ['person.read'] } })
    expect(issued.status).toBe(201)
    const token = issued.body.token as string
    await switchTo(byPasskey, birch.id)
    const people = await callApi('/api/v1/people?limit=50', { token })
    expect(people.status).toBe(200)
    expect(names(people)).toContain('Alderson')
    expect(names(people)).not.toContain('Birchall')
    expectEnvelope(await callApi(`/api/v1/people/${families.birch.child}`, { token }), 404, 'not_found')
  })
})
