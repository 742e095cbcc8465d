import type { Database } from '../../../db/client'
import { sendMail } from '../mail/send-mail'
import { renderMail } from '../mail/mail-kinds'
import { accountMailReader } from '../mail/mail-reader'
import type { Account } from './accounts'
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
 * The browser and system a `User-Agent` names, from a fixed list, so the header's own text (which
 * the caller chooses) never reaches the mail; the mail says "Firefox on Windows" in its own words.
 */
export function browserNamed(userAgent: string | undefined): { browser?: string, system?: string } {
  const agent = userAgent ?? ''
  return { browser: browsers.find(([pattern]) => pattern.test(agent))?.[1], system: systems.find(([pattern]) => pattern.test(agent))?.[1] }
}

/** The browser family a `User-Agent` names, in the list's words ("Firefox on Windows"), or null: what a signed consent keeps. */
export function browserFamily(userAgent: string | undefined): string | null {
  const { browser, system } = browserNamed(userAgent)
  return browser ? system ? `${browser} on ${system}` : browser : system ?? null
}

export interface PasskeyChange {
  change: 'added' | 'removed'
  passkeyName: string
  /** The `User-Agent` of the request that made the change, or who made it when no browser did. */
  by: { userAgent: string | undefined } | { administrator: true }
  at: Date
}

/**
 * Tells the account's address that a passkey was added or removed: when (in the school's zone), from
 * which browser, and what to do if it was not them, in the account's person's language. Sent without
 * the answer waiting, like a sign-in code.
 */
export function mailPasskeyNotice(database: Database, account: Pick<Account, 'email' | 'schoolId' | 'personId'>, notice: PasskeyChange) {
  const values = { ...notice, by: 'administrator' in notice.by ? notice.by : browserNamed(notice.by.userAgent) }
  accountMailReader(database, account)
    .then(reader => sendMail(database, { to: account.email, ...renderMail('passkeyNotice', reader, values) }))
    .catch(error => logger.error({ fault: faultSummary(error) }, 'Sending a passkey notice failed'))
}
