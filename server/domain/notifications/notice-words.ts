/**
 * What a notice says in a language (i18n/mail/<code>.json). A text or a push (`notice`): the school, the
 * notice's subject in the adult's version, and where to read it; never its body, never a child's name the
 * school did not write into the subject itself: a text sits on a lock screen. And the notices Rollbook
 * writes itself (`feeStatement`, `applicationStep`): a message's subject and body, naming no child, since
 * the subject is what a text and a push carry.
 */
import { fillMailWords as fill, mailWords } from '../mail/render-mail'
import type { LanguageCode } from '../../../shared/languages'
import type { ApplicationState } from '../../../shared/vocabulary'
import type { MessageText } from '../messages/message-version'
import { portalWords } from '../shared/portal-words'

export interface NoticeLine { school: string, subject: string, link: string, emergency: boolean }

export function noticeText(language: LanguageCode, notice: NoticeLine): string {
  const words = mailWords(language).notice
  return fill(notice.emergency ? words.emergencyText : words.text, { school: notice.school, subject: notice.subject, link: notice.link })
}

export function digestText(language: LanguageCode, digest: { school: string, count: number, link: string }): string {
  return fill(mailWords(language).notice.digestText, { school: digest.school, count: String(digest.count), link: digest.link })
}

// A mail's link stays on a line of its own (docs/translating.md, "Mail"): the body's last paragraph.
const withLink = (sentence: string, link: string) => `${sentence}\n\n${link}`

/** A fee statement's notice: the schedule's name, and the portal's Fees at `link`. */
export function feeStatementWords(language: LanguageCode, values: { schedule: string, link: string }): MessageText {
  const words = mailWords(language).feeStatement
  return { subject: words.subject, body: withLink(fill(words.body, { schedule: values.schedule }), values.link) }
}

/** An application step's notice: the state it is in now, as the portal's Applications names it, and that page at `link`. */
export function applicationStepWords(language: LanguageCode, values: { state: ApplicationState, link: string }): MessageText {
  const words = mailWords(language).applicationStep
  return { subject: words.subject, body: withLink(fill(words.body, { state: portalWords(language).applications.states[values.state] }), values.link) }
}

/** A push: the subject as its title, the school beside it; a digest's title counts its notices. */
export function pushOfNotice(language: LanguageCode, notice: Omit<NoticeLine, 'link'> & { url: string, tag: string }) {
  return { title: shortened(notice.subject, 120), body: notice.school, url: notice.url, tag: notice.tag, lang: language }
}

export function pushOfDigest(language: LanguageCode, digest: { school: string, count: number, url: string, tag: string }) {
  return { title: fill(mailWords(language).notice.pushDigest, { count: String(digest.count) }), body: digest.school, url: digest.url, tag: digest.tag,
    lang: language }
}

/** A subject cut to `most` characters at a word where it can be, with an ellipsis: a push's title has little room. */
function shortened(text: string, most: number): string {
  if (text.length <= most) return text
  const cut = text.slice(0, most - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > most / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}
