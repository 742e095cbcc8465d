import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { outboxMails } from '../../../../db/schema'
import { addStaffAccount } from '../../../../server/domain/staff/staff-access'
import { callApi } from '../../../support/api'
import { mailedSignInCode } from '../../../support/mailed-codes'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { uniqueEmail } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/**
 * The address this file's sign-ins come from, which no other file sends from: the limits it reaches
 * (codes a minute per client, five an hour per address and client) would otherwise refuse the browser
 * tests' sign-ins from 127.0.0.1 in the same minute.
 */
const client = '127.0.0.73'
const askForCode = (email: string) => callApi('/api/app/session/code', { body: { email }, localAddress: client })
const answerCode = (email: string, code: string) => callApi('/api/app/session/code/verify', { body: { email, code }, localAddress: client })
const cookieOf = (answer: { headers: Headers }) => answer.headers.getSetCookie().find(line => line.startsWith('rollbook_session='))?.split(';')[0]

describe('signing in with an emailed code', () => {
  let school: School
  beforeAll(async () => {
    school = await newSchool()
  })
  async function member(role = 'office') {
    return addStaffAccount(school.context, { email: uniqueEmail(), role })
  }
  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const known = await member()
    const unknown = uniqueEmail('nobody')
    const [a, b] = [await askForCode(known.email), await askForCode(unknown)]
    expect([a.status, a.body]).toEqual([200, { sent: true }])
    expect([b.status, b.body]).toEqual([a.status, a.body])
    await mailedSignInCode(school.database, known.email)
    await new Promise(done => setTimeout(done, 300))
    expect(await school.database.db.select().from(outboxMails).where(eq(outboxMails.to, unknown))).toEqual([])
  })

  it('signs in once with the mailed code, in an HttpOnly SameSite=Lax cookie, and the session says how it was made', async () => {
    const known = await member()
    await askForCode(known.email)
    const code = await mailedSignInCode(school.database, known.email)
    const answer = await answerCode(known.email, code)
    expect(answer.status).toBe(200)
    const setCookie = answer.headers.getSetCookie().join('\n')
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    const session = await callApi('/api/app/session', { headers: { cookie: cookieOf(answer)! } })
    expect(session.body.session).toMatchObject({ method: 'code', passkeyAt: null })
    expect(session.body.account.email).toBe(known.email)
    expectEnvelope(await answerCode(known.email, code), 401, 'unauthenticated')
  })

  it('kills a code after five wrong tries: the right digits are refused after them', async () => {
    const known = await member()
    await askForCode(known.email)
    const code = await mailedSignInCode(school.database, known.email)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    for (let i = 0; i < 5; i++) expectEnvelope(await answerCode(known.email, wrong), 401, 'unauthenticated')
    expectEnvelope(await answerCode(known.email, code), 401, 'unauthenticated')
  })

  it('sends at most five codes an hour to one address, known or not, with the same answer for both', async () => {
    const known = await member()
    const unknown = uniqueEmail('nobody')
    for (const email of [known.email, unknown]) {
      for (let i = 0; i < 5; i++) expect((await askForCode(email)).status).toBe(200)
      expectEnvelope(await askForCode(email), 429, 'rate_limited')
    }
  })

  it('refuses a code for a removed member, and an address that is not one, naming the field', async () => {
    expectEnvelope(await askForCode('not an address'), 400, 'validation_failed')
    const answer = await answerCode(uniqueEmail(), '12345')
    expect(answer.body.data.fields.map((f: { path: string }) => f.path)).toEqual(['code'])
  })

  it('signs out: the cookie no longer works', async () => {
    const known = await member()
    await askForCode(known.email)
    const cookie = cookieOf(await answerCode(known.email, await mailedSignInCode(school.database, known.email)))!
    expect((await callApi('/api/app/session', { method: 'DELETE', headers: { cookie } })).status).toBe(200)
    expectEnvelope(await callApi('/api/app/session', { headers: { cookie } }), 401, 'unauthenticated')
  })

  it('signs a new member in once with their link from staff add', async () => {
    const admin = await member('admin')
    void admin
    const { createSignInLink } = await import('../../../../server/domain/accounts/sign-in-links')
    const newcomer = await member('teacher')
    const link = await createSignInLink(school.database, newcomer.id)
    const first = await callApi('/api/app/session/link', { body: { token: link.secret } })
    expect([first.status, first.body]).toEqual([200, { signedIn: true, hasPasskey: false, access: { staff: true, family: false } }])
    expectEnvelope(await callApi('/api/app/session/link', { body: { token: link.secret } }), 401, 'unauthenticated')
    const [mail] = await school.database.db.select().from(outboxMails).where(and(eq(outboxMails.to, newcomer.email)))
    expect(mail).toBeUndefined()
  })
})
