/*
 * The kinds of mail Rollbook sends, each from the reader's words (render-mail.ts) and the values the
 * sender supplies. A kind is a function of its reader and values alone, so the unit test renders every
 * kind in every shipped language (tests/unit/domain/mail/render-mail.test.ts).
 */
import { intlLocale, type LanguageCode } from '../../../shared/languages'
import { formatDay, formatInstant } from '../../../shared/school-time'
import type { staffRoleNames } from '../../../shared/schemas/staff-settings'
import { composeMail, fillMailWords as fill, mailWords, type MailWords, type RenderedMail } from './render-mail'

/** Who reads a mail: their language (a shipped one the school offers) and the zone its times are told in, the school's. */
export interface MailReader {
  language: LanguageCode
  timeZone: string
}

/** What a passkey notice says of who made the change: a browser and system from a fixed list (either may be unknown), or an administrator. */
export type PasskeyChangeBy = { browser?: string, system?: string } | { administrator: true }

export interface MailValues {
  signInCode: { code: string }
  passkeyNotice: { change: 'added' | 'removed', passkeyName: string, at: Date, by: PasskeyChangeBy }
  familyInvitation: { school: string, link: string }
  /** `role`: the built-in role's name, written in the reader's words (never the name the code knows it by). */
  staffAccess: { school: string, role: StaffRoleName, link: string }
  /** `note`: a line in the reader's words before the message (no version was written in their language). */
  messageNotice: { subject: string, body: string, note?: string, school: string, portalUrl: string }
  /** The day's digest: each notice's subject (in the reader's version), oldest first. */
  noticeDigest: { subjects: string[], school: string, portalUrl: string }
}

export type MailKind = keyof MailValues
type StaffRoleName = typeof staffRoleNames[number]

function browserPhrase(words: MailWords['passkey'], by: { browser?: string, system?: string }): string {
  if (!by.browser && !by.system) return words.unknownBrowser
  return fill(words.browserOnSystem, { browser: by.browser ?? words.someBrowser, system: by.system ?? words.someSystem })
}

const kinds: { [K in MailKind]: (words: MailWords, reader: MailReader, values: MailValues[K]) => RenderedMail } = {
  signInCode: (words, reader, { code }) => composeMail(reader.language, fill(words.signInCode.subject, { code }), [
    { say: fill(words.signInCode.code, { code }) },
    { say: words.signInCode.use }
  ]),

  passkeyNotice: (words, reader, notice) => {
    const w = words.passkey
    const clock = { locale: intlLocale(reader.language), timeZone: reader.timeZone }
    const facts = { name: notice.passkeyName, time: formatInstant(notice.at, clock, 'dateTimeZone') }
    // An administrator only ever removes passkeys, with the member's access (account-sign-ins.ts).
    const what = 'administrator' in notice.by
      ? fill(w.removedByAdministrator, facts)
      : fill(notice.change === 'added' ? w.addedFrom : w.removedFrom, { ...facts, browser: browserPhrase(w, notice.by) })
    return composeMail(reader.language, notice.change === 'added' ? w.addedSubject : w.removedSubject, [
      { say: what }, { say: w.wasYou }, { say: w.wasNotYou }
    ])
  },

  familyInvitation: (words, reader, { school, link }) => composeMail(reader.language, fill(words.familyInvitation.subject, { school }), [
    { say: fill(words.familyInvitation.given, { school }) },
    { label: words.familyInvitation.link, link },
    { say: words.familyInvitation.after }
  ]),

  staffAccess: (words, reader, { school, role, link }) => composeMail(reader.language, fill(words.staffAccess.subject, { school }), [
    { say: fill(words.staffAccess.given, { school, role: words.staffAccess.roles[role] }) },
    { label: words.staffAccess.link, link },
    { say: words.staffAccess.after }
  ]),

  // The message is the school's, as written (its language the office's choice); the notice around it is the reader's.
  messageNotice: (words, reader, { subject, body, note, school, portalUrl }) => composeMail(reader.language, subject, [
    ...note ? [{ say: note }] : [],
    { written: body },
    { signature: school },
    { label: words.messageNotice.readInPortal, link: `${portalUrl}/family/messages` }
  ]),

  noticeDigest: (words, reader, { subjects, school, portalUrl }) => composeMail(reader.language, fill(words.notice.digestSubject, { school,
    count: String(subjects.length) }), [
    { say: words.notice.digestIntro },
    ...subjects.map(subject => ({ written: subject })),
    { signature: school },
    { label: words.notice.readAll, link: `${portalUrl}/family/messages` }
  ])
}

export const mailKinds = Object.keys(kinds) as MailKind[]

/** A mail of `kind` for its reader: subject, text and HTML in the reader's language, times in the school's zone. */
export function renderMail<K extends MailKind>(kind: K, reader: MailReader, values: MailValues[K]): RenderedMail {
  return kinds[kind](mailWords(reader.language), reader, values)
}

/** The school's own words for a consent reminder in `language`, when the office writes none: a message's subject and body, not a mail. */
export function consentReminderWords(language: LanguageCode, values: { about: string, closesOn: string }) {
  const words = mailWords(language).consentReminder
  return {
    subject: fill(words.subject, { about: values.about }),
    body: fill(words.body, { about: values.about, day: formatDay(values.closesOn, intlLocale(language), 'long') })
  }
}
