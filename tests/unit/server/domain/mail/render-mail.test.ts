import { staffRoleNames } from '../../../../../shared/schemas/staff-settings'
import { describe, expect, it } from 'vitest'
import { consentReminderWords, mailKinds, renderMail, type MailKind, type MailReader, type MailValues } from '../../../../../server/domain/mail/mail-kinds'
import { mailLanguage } from '../../../../../server/domain/mail/mail-reader'
import { languageCodes, type LanguageCode } from '../../../../../shared/languages'

const hostile = '<script>alert("x")</script> & \'Tom\''

/** A value of every kind, each interpolated field holding markup, so an unescaped one shows in the HTML part. */
const samples: { [K in MailKind]: MailValues[K] } = {
  signInCode: { code: '042917' },
  passkeyNotice: { change: 'added', passkeyName: hostile, at: new Date('2026-03-01T09:30:00Z'), by: { browser: 'Firefox', system: 'Windows' } },
  familyInvitation: { school: hostile, link: 'https://school.example.org/sign-in/link?token=abc&x="1"' },
  staffAccess: { school: hostile, role: 'teacher', link: 'https://school.example.org/sign-in/link?token=abc' },
  messageNotice: { subject: 'Camp', body: `Camp is on Monday.\n\nPack ${hostile}.`, school: hostile, portalUrl: 'https://school.example.org' },
  noticeDigest: { subjects: ['Camp', hostile], school: hostile, portalUrl: 'https://school.example.org' }
}

const reader = (language: LanguageCode): MailReader => ({ language, timeZone: 'Pacific/Auckland' })
const cases = mailKinds.flatMap(kind => languageCodes.map(language => [kind, language] as const))

describe('mail in the reader\'s language (server/domain/mail)', () => {
  it.each(cases)('renders %s in %s: subject, text and HTML, every placeholder filled, every value escaped', (kind, language) => {
    const mail = renderMail(kind, reader(language), samples[kind] as never)
    expect(mail.language).toBe(language)
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part.trim()).not.toBe('')
      expect(part).not.toMatch(/\{\s*\w+\s*\}|undefined|\[object/)
    }
    expect(mail.html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`)
    expect(mail.html).not.toContain('<script>')
    if (kind !== 'signInCode') expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Tom&#39;')
    // The HTML part says what the text part says: every line of text is in it, escaped.
    const escaped = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
    for (const line of mail.text.split('\n').filter(line => line && line !== '--')) expect(mail.html).toContain(escaped(line))
  })

  it.each(languageCodes.filter(code => code !== 'en'))('writes every kind in %s in words of its own, not English\'s', (language) => {
    for (const kind of mailKinds.filter(kind => kind !== 'messageNotice')) {
      const english = renderMail(kind, reader('en'), samples[kind] as never)
      const own = renderMail(kind, reader(language), samples[kind] as never)
      expect(own.subject).not.toBe(english.subject)
      expect(own.text).not.toBe(english.text)
    }
  })

  it('keeps the English words the office and the tests know', () => {
    const code = renderMail('signInCode', reader('en'), { code: '042917' })
    expect(code).toMatchObject({ subject: 'Your Rollbook sign-in code: 042917', language: 'en' })
    expect(code.text).toMatch(/^Your sign-in code is 042917\.\n\nIt works once, for ten minutes/)
    const notice = renderMail('passkeyNotice', reader('en'), { ...samples.passkeyNotice, passkeyName: 'Phone' })
    expect(notice.subject).toBe('A passkey was added to your Rollbook account')
    expect(notice.text).toContain('"Phone", at Mar 1, 2026, 10:30 PM GMT+13, from Firefox on Windows.')
  })

  it('names the role in the reader\'s words, never by the name the code knows it by', () => {
    const english = staffRoleNames.map(role => renderMail('staffAccess', reader('en'), { ...samples.staffAccess, role }).text.split('\n')[0])
    expect(english.map(line => line!.replace(/^.* as /, '')))
      .toEqual(['an administrator.', 'office staff.', 'admissions staff.', 'a teacher.', 'read-only staff.'])
    for (const language of languageCodes) {
      expect(renderMail('staffAccess', reader(language), { ...samples.staffAccess, role: 'read_only' }).text).not.toContain('read_only')
    }
    expect(renderMail('staffAccess', reader('en'), { ...samples.staffAccess, role: 'read_only' }).text).toContain('staff screens as read-only staff.')
    expect(renderMail('staffAccess', reader('es'), { ...samples.staffAccess, role: 'office' }).text).toContain('como personal de secretaría.')
  })

  it('tells a passkey\'s time on the school\'s wall clock in the reader\'s locale, Arabic with Latin digits', () => {
    const at = new Date('2026-03-01T09:30:00Z')
    const arabic = renderMail('passkeyNotice', reader('ar'), { change: 'removed', passkeyName: 'هاتف', at, by: { administrator: true } })
    expect(arabic.subject).toBe('أُزيل مفتاح مرور من حسابك في Rollbook')
    expect(arabic.text).toMatch(/«هاتف»، في .*2026.*10:30/)
    expect(arabic.text).not.toMatch(/[٠-٩]/)
    const utc = renderMail('passkeyNotice', { language: 'en', timeZone: 'UTC' }, { change: 'added', passkeyName: 'Key', at, by: {} })
    expect(utc.text).toContain('at Mar 1, 2026, 9:30 AM UTC, from an unrecognised browser.')
    expect(renderMail('passkeyNotice', reader('es'), { change: 'added', passkeyName: 'Llave', at, by: { system: 'Android' } }).text)
      .toContain('desde un navegador en Android.')
  })

  it('keeps a message as written, its direction its own, and the notice around it in the reader\'s language', () => {
    const mail = renderMail('messageNotice', reader('ar'), { subject: 'Camp', body: 'Line one\nline two\n\nSecond', school: 'Kauri School', portalUrl: 'https://s.example' })
    expect(mail.subject).toBe('Camp')
    expect(mail.text).toBe('Line one\nline two\n\nSecond\n\n--\nKauri School\n\nاقرأها في بوابة الأسرة:\nhttps://s.example/family/messages\n')
    expect(mail.html).toContain('<p dir="auto">Line one<br>\nline two</p>\n<p dir="auto">Second</p>')
    expect(mail.html).toContain('<a href="https://s.example/family/messages">https://s.example/family/messages</a>')
  })

  it.each(languageCodes)('writes a consent reminder\'s own words in %s, the closing day in the reader\'s words', (language) => {
    const words = consentReminderWords(language, { about: 'Excursion: Zoo', closesOn: '2026-12-05' })
    expect(words.subject).toContain('Excursion: Zoo')
    expect(words.body).toContain('Excursion: Zoo')
    expect(words.body).toContain('2026')
    expect(words.body).not.toContain('2026-12-05')
    expect(`${words.subject} ${words.body}`).not.toMatch(/\{\s*\w+\s*\}/)
  })

  it.each([
    ['ar', ['en', 'ar'], 'ar'],
    ['zh-hans', ['en', 'zh-Hans'], 'zh-Hans'],
    ['es', ['en', 'ar'], 'en'],
    [null, ['en', 'ar'], 'en'],
    ['fr', ['en'], 'en']
  ] as const)('mails a person preferring %s at a school offering %j in %s', (preferred, offered, expected) => {
    expect(mailLanguage({ lists: { languages: [...offered] } as never }, preferred)).toBe(expected)
  })
})
