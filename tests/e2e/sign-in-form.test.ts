import { beforeAll, describe, expect, it } from 'vitest'
import { addStaffAccount } from '../../server/domain/staff/staff-access'
import { callApi } from '../support/api'
import { mailedSignInCode } from '../support/mailed-codes'
import { newSchool } from '../support/schools'
import { uniqueEmail } from '../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/**
 * The sign-in form as a browser posts it without script, or before its script has loaded (docs/performance.md, "The
 * sign-in form before its script"). From an address no other file sends from, so its limits are its own; node:http
 * (callApi with a local address) follows no redirect, so each 303 is seen as sent.
 */
const client = '127.0.0.74'
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  callApi(path, { body: new URLSearchParams(fields).toString(), headers: { ...formHeaders, ...headers }, localAddress: client })
/** The cookies an answer sets, as a browser would send them back. */
const cookiesOf = (answer: { headers: Headers }) =>
  answer.headers.getSetCookie().map(line => line.split(';')[0]!).filter(pair => !pair.endsWith('=')).join('; ')
const signInPage = (cookie: string) => callApi<string>('/sign-in', { headers: { cookie, accept: 'text/html' }, localAddress: client })

describe('the sign-in form without script', () => {
  let school: School
  beforeAll(async () => {
    school = await newSchool()
  })
  it('is a form the server answers: each step posts to its own address, keeping where the reader was going', async () => {
    const page = await callApi<string>('/sign-in?next=/staff/people', { headers: { accept: 'text/html' } })
    expect(page.body).toMatch(/<form[^>]+method="post"[^>]+action="\/sign-in\/code"|<form[^>]+action="\/sign-in\/code"[^>]+method="post"/)
    expect(page.body).toMatch(/<input[^>]+name="email"/)
    expect(page.body).toMatch(/<input type="hidden" name="next" value="\/staff\/people">/)
  })

  it('mails a code, asks for it on the page it leads back to, and signs in with it on to where the account goes', async () => {
    const member = await addStaffAccount(school.context, { email: uniqueEmail(), role: 'office' })
    const asked = await post('/sign-in/code', { email: member.email, next: '/staff/people' })
    expect([asked.status, asked.headers.get('location')]).toEqual([303, '/sign-in?next=%2Fstaff%2Fpeople'])
    expect(asked.headers.getSetCookie().join('\n')).toMatch(/rollbook_sign_in_sent=.*HttpOnly.*SameSite=Lax/i)
    const codeStep = await signInPage(cookiesOf(asked))
    expect(codeStep.body).toMatch(/<form[^>]+action="\/sign-in\/verify"/)
    expect(codeStep.body).toContain(`<input type="hidden" name="email" value="${member.email}">`)
    expect(codeStep.body).toMatch(/autocomplete="one-time-code"/)
    // Shown once: the page clears the cookie as it shows the step.
    expect(codeStep.headers.getSetCookie().join('\n')).toMatch(/rollbook_sign_in_sent=;.*Max-Age=0/i)

    const signedIn = await post('/sign-in/verify', { email: member.email, code: await mailedSignInCode(school.database, member.email), next: '/staff/people' })
    // Without a passkey yet, a member of staff is led to register one, as the screens' script leads them.
    expect([signedIn.status, signedIn.headers.get('location')]).toEqual([303, '/staff/account/passkeys'])
    const session = await callApi('/api/app/session', { headers: { cookie: cookiesOf(signedIn) } })
    expect(session.body.session).toMatchObject({ method: 'code' })
    expect(session.body.account.email).toBe(member.email)
  })

  it('shows a refusal on the page it leads back to, once, as an alert in the reader\'s language', async () => {
    const refused = await post('/sign-in/verify', { email: uniqueEmail('nobody'), code: '123456' })
    expect([refused.status, refused.headers.get('location')]).toEqual([303, '/sign-in'])
    const page = await signInPage(cookiesOf(refused))
    expect(page.body).toMatch(/role="alert"[^]*That code is not valid/)
    const spanish = await signInPage(`${cookiesOf(refused)}; rollbook_language=es`)
    expect(spanish.body).toMatch(/role="alert"/)
    expect(spanish.body).not.toContain('That code is not valid')
    expect((await signInPage('')).body).not.toMatch(/role="alert"/)

    const malformed = await post('/sign-in/code', { email: 'not an address' })
    expect((await signInPage(cookiesOf(malformed))).body).toMatch(/role="alert"[^]*Enter an email address\./)
  })

  it('refuses a post from another site outright, and counts its posts in the JSON route\'s limit', async () => {
    expect((await post('/sign-in/code', { email: uniqueEmail() }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    const remaining = (answer: { headers: Headers }) => Number(answer.headers.get('x-ratelimit-remaining'))
    const byForm = await post('/sign-in/code', { email: uniqueEmail() })
    const byScript = await callApi('/api/app/session/code', {
      body: { email: uniqueEmail() }, localAddress: client, headers: { 'sec-fetch-site': 'same-origin' }
    })
    const byFormAgain = await post('/sign-in/code', { email: uniqueEmail() })
    // The limit counts per clock minute: a minute may turn between two of the three, never between both pairs.
    expect(remaining(byScript) === remaining(byForm) - 1 || remaining(byFormAgain) === remaining(byScript) - 1).toBe(true)
  })

  it('leads a hostile or careless post back to the sign-in page, never elsewhere and never as a fault', async () => {
    // An address of its own, so that these posts spend none of the other tests' limit.
    const hostile = (body: string, headers: Record<string, string> = {}) =>
      callApi('/sign-in/code', { body, headers: { ...formHeaders, ...headers }, localAddress: '127.0.0.76' })
    const answers = await Promise.all([
      hostile(new URLSearchParams({ email: 'a'.repeat(8000) + '@example.org' }).toString()),
      hostile(new URLSearchParams({ email: 'parent\u0000@example.org\r\nBcc: x@example.org' }).toString()),
      hostile('email=%E0%A4%A&next=%ZZ'),
      hostile(new URLSearchParams({ email: 'x@example.org', next: '//elsewhere.example/steal' }).toString()),
      hostile(new URLSearchParams({ email: 'x@example.org', next: 'https://elsewhere.example/' }).toString()),
      hostile('{"email":"x@example.org"}', { 'content-type': 'application/json' }),
      hostile(Array.from({ length: 500 }, (_, i) => `email[${i}][a][b]=x`).join('&'))
    ])
    for (const answer of answers) {
      expect(answer.status).toBe(303)
      expect(answer.headers.get('location')).toBe('/sign-in')
    }
  })
})
