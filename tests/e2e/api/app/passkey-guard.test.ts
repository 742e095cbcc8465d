import { beforeAll, describe, expect, inject, it } from 'vitest'
import { and, desc, eq, like } from 'drizzle-orm'
import { apiTokens, outboxMails } from '../../../../db/schema'
import { addStaffAccount, removeStaffAccess } from '../../../../server/domain/staff/staff-access'
import { createSignInLink } from '../../../../server/domain/accounts/sign-in-links'
import { startSession } from '../../../../server/domain/accounts/sessions'
import { currentTime } from '../../../../server/domain/days/clock'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { softAuthenticator } from '../../../support/soft-authenticator'
import { uniqueEmail } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>
type Authenticator = ReturnType<typeof softAuthenticator>

/** The server's public URL: passkeys belong to its host name, not to 127.0.0.1. */
const origin = () => inject('baseUrl').replace('127.0.0.1', 'localhost')
const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const cookieOf = (answer: { headers: Headers }) => answer.headers.getSetCookie().find(line => line.startsWith('rollbook_session='))?.split(';')[0]

describe('a passkey guards the passkeys', () => {
  let school: School
  beforeAll(async () => {
    school = await newSchool()
  })

  const app = (path: string, cookie: string, request: { method?: string, body?: unknown } = {}) =>
    callApi(path, { ...request, headers: { 'cookie': cookie, 'user-agent': firefoxOnWindows } })

  async function member(role = 'admin') {
    return addStaffAccount(school.context, { email: uniqueEmail(role), role })
  }
  /** A session of the account made by the given method `ago` milliseconds ago, as its cookie. */
  async function sessionOf(account: { id: string }, method: 'passkey' | 'code' | 'link', ago = 0) {
    const { secret } = await startSession(school.database, { id: account.id, schoolId: school.id }, method, new Date(currentTime().getTime() - ago))
    return `rollbook_session=${secret}`
  }
  async function registerWith(authenticator: Authenticator, cookie: string, name = 'Laptop') {
    const options = await app('/api/app/passkeys/options', cookie, { body: {} })
    expect(options.status).toBe(200)
    return app('/api/app/passkeys', cookie, { body: { response: authenticator.register(options.body), name } })
  }
  async function stepUpWith(authenticator: Authenticator, cookie: string, credentialId?: string) {
    const options = await app('/api/app/session/step-up/options', cookie, { body: {} })
    const answer = await app('/api/app/session/step-up', cookie, { body: { response: authenticator.authenticate(options.body, credentialId) } })
    return { answer, cookie: cookieOf(answer) ?? cookie }
  }
  /** The newest mail to an address whose subject holds `subject` (and text `mentioning`); mail is sent without the answer waiting for it. */
  async function mailTo(email: string, subject: string, mentioning = '') {
    for (let i = 0; i < 400; i++) {
      const [mail] = await school.database.db.select().from(outboxMails)
        .where(and(eq(outboxMails.to, email), like(outboxMails.subject, `%${subject}%`), like(outboxMails.text, `%${mentioning}%`)))
        .orderBy(desc(outboxMails.createdAt)).limit(1)
      if (mail) return mail
      await new Promise(done => setTimeout(done, 100))
    }
    throw new Error(`No mail "${subject}" mentioning "${mentioning}" reached ${email}`)
  }
  /** An administrator with one passkey on file, held by `authenticator`. */
  async function ownerWithPasskey() {
    const owner = await member('admin')
    const authenticator = softAuthenticator(origin())
    const registered = await registerWith(authenticator, await sessionOf(owner, 'code'))
    expect(registered.status).toBe(201)
    return { owner, authenticator, passkeyId: registered.body.id as string }
  }

  it('walks the takeover from an emailed code through, and every step is refused', async () => {
    const { owner, passkeyId } = await ownerWithPasskey()
    const attacker = softAuthenticator(origin())
    await callApi('/api/app/session/code', { body: { email: owner.email } })
    const mail = await mailTo(owner.email, 'sign-in code')
    const signedIn = await callApi('/api/app/session/code/verify', { body: { email: owner.email, code: /code is (\d{6})/.exec(mail.text)![1] } })
    const stolen = cookieOf(signedIn)!

    // Adding a passkey of their own: neither the options nor an answer made without them.
    expectEnvelope(await app('/api/app/passkeys/options', stolen, { body: {} }), 403, 'step_up_required')
    const forged = attacker.register({ challenge: 'bm90LWhhbmRlZC1vdXQ', user: { id: owner.id } })
    expectEnvelope(await app('/api/app/passkeys', stolen, { body: { response: forged, name: 'Mine now' } }), 403, 'step_up_required')
    // Stepping up with a passkey that is not on file.
    expectEnvelope((await stepUpWith(attacker, stolen, forged.id)).answer, 401, 'unauthenticated')
    // The long-lived token, the policy and the owner's passkeys.
    expectEnvelope(await app('/api/app/tokens', stolen, { body: { purpose: 'backup', scopes: ['restricted.read'] } }), 403, 'step_up_required')
    expectEnvelope(await app('/api/app/sign-in-policy', stolen, { method: 'PUT', body: { passkeysRequired: false } }), 403, 'step_up_required')
    expectEnvelope(await app(`/api/app/passkeys/${passkeyId}`, stolen, { method: 'DELETE' }), 403, 'step_up_required')

    const still = await app('/api/app/session', stolen)
    expect(still.body).toMatchObject({ session: { method: 'code', passkeyAt: null }, passkeyCount: 1 })
    expect((await app('/api/app/passkeys', stolen)).body.items.map((item: { id: string }) => item.id)).toEqual([passkeyId])
    expect(await school.database.db.select().from(apiTokens).where(eq(apiTokens.issuedBy, owner.id))).toEqual([])
  })

  it('lets an account with no passkey register its first from a code or a link session, and mails a notice of it', async () => {
    const byCode = await member('teacher')
    expect((await registerWith(softAuthenticator(origin()), await sessionOf(byCode, 'code'), 'Work laptop')).status).toBe(201)
    const notice = await mailTo(byCode.email, 'passkey was added', 'Work laptop')
    expect(notice.text).toContain('Firefox on Windows')
    // On the school's wall clock (Australia/Sydney), its zone named.
    expect(notice.text).toMatch(/at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M GMT\+1[01], from/)
    expect(notice).toMatchObject({ language: 'en', html: expect.stringContaining('<html lang="en" dir="ltr">') })
    expect(notice.text).toMatch(/If this was not you/)

    const newcomer = await member('office')
    const link = await createSignInLink(school.database, newcomer.id)
    const cookie = cookieOf(await callApi('/api/app/session/link', { body: { token: link.secret } }))!
    expect((await registerWith(softAuthenticator(origin()), cookie)).status).toBe(201)
    expectEnvelope(await app('/api/app/passkeys/options', cookie, { body: {} }), 403, 'step_up_required')
  })

  it('asks a passkey proof within five minutes to add or remove a passkey once there is one, and mails a notice of each', async () => {
    const { owner, authenticator, passkeyId } = await ownerWithPasskey()
    const stale = await sessionOf(owner, 'passkey', 6 * 60_000)
    expectEnvelope(await app('/api/app/passkeys/options', stale, { body: {} }), 403, 'step_up_required')
    expectEnvelope(await app(`/api/app/passkeys/${passkeyId}`, stale, { method: 'DELETE' }), 403, 'step_up_required')

    const { answer, cookie } = await stepUpWith(authenticator, stale)
    expect(answer.status).toBe(200)
    const second = await registerWith(authenticator, cookie, 'Phone')
    expect(second.status).toBe(201)
    await mailTo(owner.email, 'passkey was added', '"Phone"')
    expect((await app(`/api/app/passkeys/${passkeyId}`, cookie, { method: 'DELETE' })).status).toBe(200)
    expect((await mailTo(owner.email, 'passkey was removed', '"Laptop"')).text).toContain('Firefox on Windows')
  })

  it('refuses a credential id already on file with conflict', async () => {
    const { authenticator } = await ownerWithPasskey()
    const other = await member('teacher')
    const cookie = await sessionOf(other, 'code')
    const options = await app('/api/app/passkeys/options', cookie, { body: {} })
    const clone = authenticator.register(options.body, { credentialId: authenticator.credentialIds()[0]! })
    expectEnvelope(await app('/api/app/passkeys', cookie, { body: { response: clone, name: 'Clone' } }), 409, 'conflict')
    expect((await app('/api/app/passkeys', cookie)).body.items).toEqual([])
  })

  it('removes a member\'s passkeys and sessions with their access; added again, they start with none', async () => {
    const { owner, authenticator } = await ownerWithPasskey()
    await member('admin')
    const cookie = await sessionOf(owner, 'passkey')
    const link = await createSignInLink(school.database, owner.id)
    await removeStaffAccess(school.context, owner.id)
    expectEnvelope(await app('/api/app/session', cookie), 401, 'unauthenticated')
    await mailTo(owner.email, 'passkey was removed', 'by an administrator')

    await addStaffAccount(school.context, { email: owner.email, role: 'teacher' })
    expectEnvelope(await app('/api/app/session', cookie), 401, 'unauthenticated')
    expectEnvelope(await callApi('/api/app/session/link', { body: { token: link.secret } }), 401, 'unauthenticated')
    const options = await callApi('/api/app/session/passkey/options', { body: {} })
    expectEnvelope(await callApi('/api/app/session/passkey', { body: { response: authenticator.authenticate(options.body) } }), 401, 'unauthenticated')
    const fresh = await app('/api/app/session', await sessionOf(owner, 'code'))
    expect(fresh.body).toMatchObject({ passkeyCount: 0, account: { role: 'teacher' } })
  })
})
