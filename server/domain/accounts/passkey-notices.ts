import type { Database } from '../../../db/client'
import { sendMail } from '../mail/send-mail'
import { faultSummary, logger } from '../shared/log'

const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'], [/\bOPR\//, 'Opera'], [/\bSamsungBrowser\//, 'Samsung Internet'], [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'], [/\bSafari\//, 'Safari']
]
const systems: [RegExp, string][] = [
  [/\biPhone|\biPad|\biPod/, 'iOS'], [/\bAndroid\b/, 'Android'], [/\bCrOS\b/, 'ChromeOS'], [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'], [/\bLinux\b/, 'Linux']
]

/**
 * "Firefox on Windows": the browser and system a `User-Agent` names, from a fixed list, so the
 * header's own text (which the caller chooses) never reaches the mail.
 */
function browserSummary(userAgent: string | undefined): string {
  const agent = userAgent ?? ''
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1]
  const system = systems.find(([pattern]) => pattern.test(agent))?.[1]
  if (!browser && !system) return 'an unrecognised browser'
  return `${browser ?? 'a browser'} on ${system ?? 'an unrecognised system'}`
}

export interface PasskeyChange {
  change: 'added' | 'removed'
  passkeyName: string
  /** The `User-Agent` of the request that made the change, or who made it when no browser did. */
  by: { userAgent: string | undefined } | { administrator: true }
  at: Date
}

/** "2026-03-01 09:30 UTC". */
const minuteUtc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/**
 * Tells the account's address that a passkey was added or removed: when, from which browser, and
 * what to do if it was not them. Sent without the answer waiting, like a sign-in code.
 */
export function mailPasskeyNotice(database: Database, to: string, notice: PasskeyChange) {
  const where = 'administrator' in notice.by ? 'by an administrator of your school, with your access' : `from ${browserSummary(notice.by.userAgent)}`
  const text = [
    `A passkey was ${notice.change} ${notice.change === 'added' ? 'to' : 'from'} your Rollbook account: "${notice.passkeyName}", at ${minuteUtc(notice.at)}, ${where}.`,
    '',
    'If this was you, there is nothing to do.',
    '',
    'If this was not you, someone else may be signed in as you. Sign in with a passkey of your own, review your passkeys (your account menu, Passkeys) and remove any you do not know, then sign out everywhere; and tell your school\'s Rollbook administrator, who can end all your sessions.'
  ].join('\n')
  sendMail(database, { to, subject: `A passkey was ${notice.change} ${notice.change === 'added' ? 'to' : 'from'} your Rollbook account`, text })
    .catch(error => logger.error({ fault: faultSummary(error) }, 'Sending a passkey notice failed'))
}
