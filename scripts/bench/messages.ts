/**
 * The messages row of `npm run bench` (issue 24): the office sends one message to at least 5,000
 * adults of the large school (whole year groups, the fewest that reach that many), through the
 * screen's own route with an administrator's session. Measured: the seconds until the route answers
 * (target under 1 s), the seconds from sending until a loopback SMTP server has accepted every
 * email (target under 60 s: the delivery worker sends after the answer), and the server's own peak
 * resident memory meanwhile. The server must have been started with `SMTP_URL` at the receiver.
 * Since issue 37 the school offers Spanish and Arabic, a share of its adults prefer each, and the message goes with a
 * version in each: every adult's email is rendered in their language, and the row counts the emails of each
 * (`Content-Language`) against the audience's preview.
 */
import { performance } from 'node:perf_hooks'
import { readReceivedMail, type SmtpReceiver } from '../../tests/support/smtp-receiver'
import { appCall } from './app-call'
import { peakRssMb, resetPeak } from './peak-memory'

export const messageTargets = { adults: 5000, acceptSeconds: 1, deliveredSeconds: 60 }

/** How long the row waits for the last email before it reports what arrived: well past the target, so a miss still has a figure. */
const deliveryDeadlineSeconds = 300

export interface MessageRow {
  adults: number
  children: number
  /** Adults with an address on file: the emails the receiver must get. */
  emails: number
  audience: string[]
  acceptSeconds: number
  deliveredSeconds: number
  received: number
  peakMb: number
  peakIsOwn: boolean
  /** Emails received in each language (`Content-Language`), and the audience's adults preferring each as the preview counted them. */
  languages: { language: string, emails: number, adults: number }[]
  missed: string[]
}

/** The versions beside the school's English, as the office writes them. */
const versions = [
  {
    language: 'es', subject: 'Bench: el trimestre termina el viernes',
    body: 'Estimadas familias:\n\nEl trimestre termina el viernes a las 14:00. Los autobuses salen a las 14:15.\n\nLa secretaría'
  },
  {
    language: 'ar', subject: 'Bench: ينتهي الفصل يوم الجمعة',
    body: 'الأسر الكريمة،\n\nينتهي الفصل يوم الجمعة الساعة 2 ظهرًا. تغادر الحافلات الساعة 2:15.\n\nمكتب المدرسة'
  }
]

/**
 * The fewest whole year groups, from the last year level down, whose preview reaches `messageTargets.adults`
 * adults: a message to a few year groups, as an office sends one, rather than to the whole school.
 */
async function audienceOfAtLeast(serverUrl: string, cookie: string) {
  const { yearLevels } = await appCall(serverUrl, cookie, '/api/app/people/choices') as { yearLevels: string[] }
  const audience: string[] = []
  for (const level of [...yearLevels].reverse()) {
    audience.push(`year:${level}`)
    const preview = await appCall(serverUrl, cookie, '/api/app/messages/preview', { audience })
    if (preview.adultCount >= messageTargets.adults) {
      return {
        audience, emails: (preview.adults as { hasEmail: boolean }[]).filter(adult => adult.hasEmail).length,
        languages: preview.languages as { language: string, adultCount: number }[]
      }
    }
  }
  throw new Error(`The whole school reaches fewer than ${messageTargets.adults} adults: the messages row needs a larger school.`)
}

/**
 * Sends the message and waits for its emails; `serverPid` is the built server's, for its memory. `preferLanguages` gives
 * some of the school's adults a preferred language (scripts/bench/prefer-languages.ts), once the school offers them.
 */
export async function benchMessage(
  serverUrl: string, serverPid: number, cookie: string, receiver: SmtpReceiver, preferLanguages: () => unknown
): Promise<MessageRow> {
  await appCall(serverUrl, cookie, '/api/app/school', { languages: versions.map(version => version.language) }, 'PUT')
  preferLanguages()
  const { audience, emails, languages } = await audienceOfAtLeast(serverUrl, cookie)
  const before = receiver.mails.length
  const peakIsOwn = resetPeak(serverPid)
  const started = performance.now()
  const sent = await appCall(serverUrl, cookie, '/api/app/messages', {
    subject: 'Bench: the term ends on Friday',
    body: 'Dear families,\n\nThe term ends on Friday at 2 pm. Buses leave at 2.15.\n\nThe office',
    audience,
    versions
  })
  const acceptSeconds = (performance.now() - started) / 1000
  const deadline = started + deliveryDeadlineSeconds * 1000
  while (receiver.mails.length - before < emails && performance.now() < deadline) await new Promise(done => setTimeout(done, 50))
  const deliveredSeconds = (performance.now() - started) / 1000
  const mails = receiver.mails.slice(before)
  const addresses = new Set(mails.flatMap(mail => mail.to))
  const missed: string[] = []
  if (sent.adultCount < messageTargets.adults) missed.push(`reached ${sent.adultCount} adults, not ${messageTargets.adults}`)
  if (!(acceptSeconds < messageTargets.acceptSeconds)) missed.push(`accepted in not under ${messageTargets.acceptSeconds} s`)
  if (mails.length < emails) missed.push(`${emails - mails.length} emails had not arrived after ${deliveryDeadlineSeconds} s`)
  else if (!(deliveredSeconds < messageTargets.deliveredSeconds)) missed.push(`delivered in not under ${messageTargets.deliveredSeconds} s`)
  if (addresses.size !== mails.length) missed.push(`${mails.length - addresses.size} emails arrived twice`)
  const emailsIn = new Map<string, number>()
  for (const mail of mails) {
    const language = readReceivedMail(mail).headers.get('content-language') ?? 'none'
    emailsIn.set(language, (emailsIn.get(language) ?? 0) + 1)
  }
  const byLanguage = languages.map(({ language, adultCount }) => ({ language, emails: emailsIn.get(language) ?? 0, adults: adultCount }))
  // Each language some adults prefer gets emails in it, and no email goes without its language.
  for (const row of byLanguage) if (row.adults > 0 && row.emails === 0) missed.push(`no email in ${row.language} for its ${row.adults} adults`)
  if (emailsIn.has('none')) missed.push(`${emailsIn.get('none')} emails without a Content-Language`)
  return {
    adults: sent.adultCount, children: sent.childCount, emails, audience, acceptSeconds, deliveredSeconds, received: mails.length,
    peakMb: peakRssMb(serverPid), peakIsOwn, languages: byLanguage, missed
  }
}

/** Prints the row; answers 1 when it missed a target. */
export function printMessageRow(row: MessageRow): number {
  const count = (n: number) => n.toLocaleString('en')
  console.log(`  messages: ${row.audience.join(', ')}: ${count(row.adults)} adults of ${count(row.children)} children, ${count(row.emails)} with an address;`
    + ` accepted in ${row.acceptSeconds.toFixed(2)} s (target < ${messageTargets.acceptSeconds}),`
    + ` ${count(row.received)} emails received in ${row.deliveredSeconds.toFixed(1)} s (target < ${messageTargets.deliveredSeconds}),`
    + ` by language ${row.languages.map(language => `${language.language} ${count(language.emails)} (${count(language.adults)} adults)`).join(', ')},`
    + ` server peak ${row.peakMb.toFixed(0)} MB${row.peakIsOwn ? '' : ' (whole life: clear_refs refused)'}  ${row.missed.length ? 'MISSED: ' + row.missed.join('; ') : 'ok'}`)
  return row.missed.length ? 1 : 0
}
