/**
 * The messages row of `npm run bench` (issue 24): the office sends one message to at least 5,000
 * adults of the large school (whole year groups, the fewest that reach that many), through the
 * screen's own route with an administrator's session. Measured: the seconds until the route answers
 * (target under 1 s), the seconds from sending until a loopback SMTP server has accepted every
 * email (target under 60 s: the delivery worker sends after the answer), and the server's own peak
 * resident memory meanwhile. The server must have been started with `SMTP_URL` at the receiver.
 */
import { performance } from 'node:perf_hooks'
import type { SmtpReceiver } from '../../tests/support/smtp-receiver'
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
  missed: string[]
}

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
      return { audience, emails: (preview.adults as { hasEmail: boolean }[]).filter(adult => adult.hasEmail).length }
    }
  }
  throw new Error(`The whole school reaches fewer than ${messageTargets.adults} adults: the messages row needs a larger school.`)
}

/** Sends the message and waits for its emails; `serverPid` is the built server's, for its memory. */
export async function benchMessage(serverUrl: string, serverPid: number, cookie: string, receiver: SmtpReceiver): Promise<MessageRow> {
  const { audience, emails } = await audienceOfAtLeast(serverUrl, cookie)
  const before = receiver.mails.length
  const peakIsOwn = resetPeak(serverPid)
  const started = performance.now()
  const sent = await appCall(serverUrl, cookie, '/api/app/messages', {
    subject: 'Bench: the term ends on Friday',
    body: 'Dear families,\n\nThe term ends on Friday at 2 pm. Buses leave at 2.15.\n\nThe office',
    audience
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
  return {
    adults: sent.adultCount, children: sent.childCount, emails, audience, acceptSeconds, deliveredSeconds, received: mails.length,
    peakMb: peakRssMb(serverPid), peakIsOwn, missed
  }
}

/** Prints the row; answers 1 when it missed a target. */
export function printMessageRow(row: MessageRow): number {
  const count = (n: number) => n.toLocaleString('en')
  console.log(`  messages: ${row.audience.join(', ')}: ${count(row.adults)} adults of ${count(row.children)} children, ${count(row.emails)} with an address;`
    + ` accepted in ${row.acceptSeconds.toFixed(2)} s (target < ${messageTargets.acceptSeconds}),`
    + ` ${count(row.received)} emails received in ${row.deliveredSeconds.toFixed(1)} s (target < ${messageTargets.deliveredSeconds}),`
    + ` server peak ${row.peakMb.toFixed(0)} MB${row.peakIsOwn ? '' : ' (whole life: clear_refs refused)'}  ${row.missed.length ? 'MISSED: ' + row.missed.join('; ') : 'ok'}`)
  return row.missed.length ? 1 : 0
}
