import { beforeAll, describe, expect, inject, it } from 'vitest'
import { and, desc, eq, like } from 'drizzle-orm'
import { outboxMails } from '../../../../db/schema'
import { addStaffAccount } from '../../../../server/domain/staff/staff-access'
import { startSession } from '../../../../server/domain/accounts/sessions'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { softAuthenticator } from '../../../support/soft-authenticator'
import { uniqueEmail } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/** Two clients of the shared server: addresses no other test file sends from. */
const stranger = '127.0.0.71'
const owner = '127.0.0.72'
const origin = () => inject('baseUrl').replace('127.0.0.1', 'localhost')

describe('no hints about who has an account', () => {
  let school: School
  beforeAll(async () => {
    school = await newSchool()
  })

  const askForCode = (email: string, from: string) => callApi('/api/app/session/code', { body: { email }, localAddress: from })
  const answerCode = (email: string, code: string, from: string) => callApi('/api/app/session/code/verify', { body: { email, code }, localAddress: from })
  async function newestCode(email: string): Promise<string> {
    for (let i = 0; i < 400; i++) {
      const [mail] = await school.database.db.select().from(outboxMails)
        .where(and(eq(outboxMails.to, email), like(outboxMails.subject, '%sign-in code%'))).orderBy(desc(outboxMails.createdAt), desc(outboxMails.id)).limit(1)
      const code = mail ? /code is (\d{6})/.exec(mail.text)?.[1] : undefined
      if (code) return code
      await new Promise(done => setTimeout(done, 100))
    }
    throw new Error(`No mail reached ${email}`)
  }
  /** A member with a passkey on file, held by the authenticator returned. */
  async function memberWithPasskey() {
    const member = await addStaffAccount(school.context, { email: uniqueEmail('office'), role: 'office' })
    const { secret } = await startSession(school.database, { id: member.id, schoolId: school.id }, 'code')
    const cookie = `rollbook_session=${secret}`
    const authenticator = softAuthenticator(origin())
    const options = await callApi('/api/app/passkeys/options', { body: {}, headers: { cookie } })
    const registered = await callApi('/api/app/passkeys', { body: { response: authenticator.register(options.body), name: 'Laptop' }, headers: { cookie } })
    expect(registered.status).toBe(201)
    return { member, authenticator }
  }

  it('gives the same passkey sign-in options for everyone: no address asked, no credential listed', async () => {
    const { member } = await memberWithPasskey()
    const shapeOf = (body: Record<string, unknown>) => ({ ...body, challenge: typeof body.challenge })
    const [first, second] = [await callApi('/api/app/session/passkey/options', { body: {} }), await callApi('/api/app/session/passkey/options', { body: {} })]
    expect(first.status).toBe(200)
    expect(shapeOf(first.body)).toEqual(shapeOf(second.body))
    expect(first.body.allowCredentials ?? []).toEqual([])
    const known = await callApi('/api/app/session/passkey/options', { body: { email: member.email } })
    const unknown = await callApi('/api/app/session/passkey/options', { body: { email: uniqueEmail('nobody') } })
    expectEnvelope(known, 400, 'validation_failed')
    expect([unknown.status, unknown.body.data.fields]).toEqual([known.status, known.body.data.fields])
  })

  it('lets a flood of code requests and guesses from another client stop neither the code the owner asked for nor their passkey', async () => {
    const { member, authenticator } = await memberWithPasskey()
    expect((await askForCode(member.email, owner)).status).toBe(200)
    const ownCode = await newestCode(member.email)

    for (let i = 0; i < 5; i++) expect((await askForCode(member.email, stranger)).status).toBe(200)
    expectEnvelope(await askForCode(member.email, stranger), 429, 'rate_limited')
    const wrong = String((Number(ownCode) + 1) % 1_000_000).padStart(6, '0')
    for (let i = 0; i < 6; i++) expectEnvelope(await answerCode(member.email, wrong, stranger), 401, 'unauthenticated')
    // The owner's own code is answered only from where it was asked for.
    expectEnvelope(await answerCode(member.email, ownCode, stranger), 401, 'unauthenticated')

    const signedIn = await answerCode(member.email, ownCode, owner)
    expect([signedIn.status, signedIn.body]).toEqual([200, { signedIn: true, hasPasskey: true, access: { staff: true, family: false } }])
    expect((await askForCode(member.email, owner)).status).toBe(200)

    const options = await callApi('/api/app/session/passkey/options', { body: {}, localAddress: owner })
    const byPasskey = await callApi('/api/app/session/passkey', { body: { response: authenticator.authenticate(options.body) }, localAddress: owner })
    expect([byPasskey.status, byPasskey.body]).toEqual([200, { signedIn: true, hasPasskey: true, access: { staff: true, family: false } }])
  })
})
