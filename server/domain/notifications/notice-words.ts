/**
 * What a text or a push of a notice says, in the adult's language (i18n/mail/<code>.json, `notice`): the
 * school, the notice's subject in the adult's version, and where to read it. Never its body, never a child's
 * name the school did not write into the subject itself: a text sits on a lock screen.
 */
import { fillMailWords as fill, mailWords } from '../mail/render-mail'
import type { LanguageCode } from '../../../shared/languages'

export interface NoticeLine { school: string, subject: string, link: string, emergency: boolean }

export function noticeText(language: LanguageCode, notice: NoticeLine): string {
  const words = mailWords(language).notice
  return fill(notice.emergency ? words.emergencyText : words.text, { school: notice.school, subject: notice.subject, link: notice.link })
}

export function digestText(language: LanguageCode, digest: { school: string, count: number, link: string }): string {
  return fill(mailWords(language).notice.digestText, { school: digest.school, count: String(digest.count), link: digest.link })
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
