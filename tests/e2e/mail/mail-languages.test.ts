import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi } from '../../support/api'
import { seedYearFamilies } from '../../support/consent-fixtures'
import { newSchool } from '../../support/schools'
import { startBuiltServer, type RunningServer } from '../../support/server-process'
import { readReceivedMail, startSmtpReceiver, type SmtpReceiver } from '../../support/smtp-receiver'
import { staffSession } from '../../support/staff-sessions'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { updateSchoolSettings } from '../../../server/domain/schools/school-settings'
import { setPreferredLanguage } from '../../../server/domain/people/preferred-language'
import arLocale from '../../../i18n/locales/ar.json'

/**
 * A school offering Arabic, a parent who prefers it and one who has no preference: what each receives through a
 * loopback mail server, as a mail client reads it (issue 37 point 5).
 */
describe('mail in the reader\'s language, through SMTP', () => {
  let server: RunningServer
  let receiver: SmtpReceiver
  let cookie: string
  let arabic: { id: string, email: string }
  let english: { id: string, email: string }

  beforeAll(async () => {
    const school = await newSchool({ name: 'Mail Languages School' })
    await updateSchoolSettings({ ...school.context, school: await requireSchool(school.database, school.id) }, { languages: ['ar'] })
    const { parents } = await seedYearFamilies(school, '5', 2, `mlang${process.pid}-`)
    ;[arabic, english] = parents as [typeof arabic, typeof english]
    await setPreferredLanguage({ ...school.context, school: await requireSchool(school.database, school.id) }, arabic.id, 'ar')
    cookie = (await staffSession(school, 'office')).cookie
    receiver = await startSmtpReceiver()
    server = await startBuiltServer({ SMTP_URL: receiver.url, ROLLBOOK_MESSAGE_SCHOOLS: school.id })
  })

  afterAll(async () => {
    await server?.stop()
    await receiver?.close()
  })

  /** The address this file's requests come from, which no other file sends from, so its sign-ins count against no other file's limits. */
  const client = '127.0.0.37'
  const app = (path: string, body: unknown, headers: Record<string, string> = { cookie }) =>
    callApi(path, { baseUrl: server.url, headers, body, localAddress: client })

  /** The newest mail to `email` whose subject `subject` matches, as its reader's mail client shows it. */
  async function mailTo(email: string, subject: RegExp) {
    const found = () => receiver.mails.filter(mail => mail.to.includes(email)).map(readReceivedMail).findLast(mail => subject.test(mail.subject))
    await expect.poll(found, { timeout: 30_000, interval: 100 }).toBeDefined()
    return found()!
  }

  /** Both parts, in one language: `Content-Language` and the HTML's `lang` and `dir` agree. */
  function expectLanguage(mail: ReturnType<typeof readReceivedMail>, language: 'ar' | 'en') {
    expect(mail.headers.get('content-language')).toBe(language)
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/)
    expect(mail.text.trim()).not.toBe('')
    expect(mail.html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`)
  }

  it('invites the parent who prefers Arabic in Arabic, the link working', async () => {
    expect((await app(`/api/app/people/${arabic.id}/family-access`, {})).status).toBe(201)
    const mail = await mailTo(arabic.email, /بوابة الأسرة/)
    expectLanguage(mail, 'ar')
    expect(mail.subject).toBe('Mail Languages School: بوابة الأسرة الخاصة بك')
    expect(mail.text).toContain('منحتك Mail Languages School الوصول إلى بوابة الأسرة')
    const token = /\/sign-in\/link\?token=([\w-]+)/.exec(mail.text)![1]!
    expect(mail.html).toContain(`token=${token}`)
    expect((await app('/api/app/session/link', { token }, {})).status).toBe(200)
  })

  it('sends the parent who prefers Arabic a sign-in code in Arabic, and the code signs in', async () => {
    expect((await app('/api/app/session/code', { email: arabic.email }, {})).status).toBe(200)
    const mail = await mailTo(arabic.email, /رمز تسجيل الدخول/)
    expectLanguage(mail, 'ar')
    const code = /رمز تسجيل الدخول الخاص بك هو (\d{6})\./.exec(mail.text)![1]!
    expect(mail.subject).toBe(`رمز تسجيل الدخول إلى Rollbook: ${code}`)
    expect(mail.html).toContain(`<p>رمز تسجيل الدخول الخاص بك هو ${code}.</p>`)
    expect((await app('/api/app/session/code/verify', { email: arabic.email, code }, {})).status).toBe(200)
  })

  it('sends each parent a message as written, in a notice of their language, saying when no version is in theirs', async () => {
    expect((await app(`/api/app/people/${english.id}/family-access`, {})).status).toBe(201)
    const body = 'Sports day is on Friday.\n\nBring a <hat> & water.'
    expect((await app('/api/app/messages', { subject: 'Sports day', body, audience: ['year:5'] })).status).toBe(201)
    const toArabic = await mailTo(arabic.email, /^Sports day$/)
    expectLanguage(toArabic, 'ar')
    // The office wrote no Arabic version: the original, under the line that says so in Arabic.
    expect(toArabic.text.startsWith(`${arLocale.portal.message.noTranslation}\n\n${body}\n\n--\nMail Languages School\n\nاقرأها في بوابة الأسرة:\nhttp`))
      .toBe(true)
    expect(toArabic.html).toContain(`<p>${arLocale.portal.message.noTranslation}</p>`)
    expect(toArabic.text).toMatch(/\/family\/messages\n$/)
    expect(toArabic.html).toContain('<p dir="auto">Bring a &lt;hat&gt; &amp; water.</p>')
    const toEnglish = await mailTo(english.email, /^Sports day$/)
    expectLanguage(toEnglish, 'en')
    expect(toEnglish.text).toContain('Read it in the family portal:')
  })

  it('writes to a parent with no preferred language in English, the school\'s own', async () => {
    const invitation = await mailTo(english.email, /family portal/)
    expectLanguage(invitation, 'en')
    expect(invitation.subject).toBe('Mail Languages School: your family portal')
    expect((await app('/api/app/session/code', { email: english.email }, {})).status).toBe(200)
    const code = await mailTo(english.email, /sign-in code/)
    expectLanguage(code, 'en')
    expect(code.text).toMatch(/^Your sign-in code is \d{6}\./)
  })
})
