import { describe, expect, it } from 'vitest'
import { messageInput } from '../../../../../shared/schemas/messages'
import { fieldProblems } from '../../../../../shared/field-problems'
import { chooseMessageText, mailedMessageText, noTranslationLine, unofferedVersionProblems } from '../../../../../server/domain/messages/message-version'
import en from '../../../../../i18n/locales/en.json'
import es from '../../../../../i18n/locales/es.json'
import ar from '../../../../../i18n/locales/ar.json'
import zhHans from '../../../../../i18n/locales/zh-Hans.json'

const original = { subject: 'Sports day', body: 'On Friday.' }
const spanish = { language: 'es', subject: 'Día de deportes', body: 'El viernes.' }
const message = { subject: 'Sports day', body: 'On Friday.', audience: ['year:5'] }

describe('which version an adult reads', () => {
  it.each([
    ['the school\'s own (no preference)', null, false, { ...original, language: 'en', original: true, translation: 'not_needed' }],
    ['the school\'s own, named', 'en', false, { ...original, language: 'en', original: true, translation: 'not_needed' }],
    ['a language with a version', 'es', false, { ...spanish, original: false, translation: 'given' }],
    ['a language with a version, the original asked for', 'es', true, { ...original, language: 'en', original: true, translation: 'given' }],
    ['a language without one', 'ar', false, { ...original, language: 'en', original: true, translation: 'not_given' }]
  ] as const)('%s', (_case, preferred, wantOriginal, chosen) => {
    expect(chooseMessageText(original, [spanish], preferred, wantOriginal)).toEqual(chosen)
  })

  it('mails the original opened by the no-translation line in the adult\'s language when no version was written', () => {
    expect(mailedMessageText(original, [spanish], 'es')).toEqual({ subject: spanish.subject, body: spanish.body })
    expect(mailedMessageText(original, [spanish], null)).toEqual(original)
    expect(mailedMessageText(original, [spanish], 'zh-Hans'))
      .toEqual({ ...original, note: zhHans.portal.message.noTranslation })
  })

  it('has the no-translation line in every shipped language, English\'s for a tag not shipped', () => {
    expect([noTranslationLine('en'), noTranslationLine('es'), noTranslationLine('ar'), noTranslationLine('zh-hans'), noTranslationLine('fr')])
      .toEqual([en.portal.message.noTranslation, es.portal.message.noTranslation, ar.portal.message.noTranslation, zhHans.portal.message.noTranslation,
        en.portal.message.noTranslation])
  })

  it('names each version in a language the school does not offer', () => {
    const school = { lists: { languages: ['es'] } } as never
    expect(unofferedVersionProblems(school, [spanish, { language: 'ar' }, { language: 'ES' }]).map(problem => problem.path)).toEqual(['versions[1].language'])
  })
})

describe('the message form\'s versions (the schema the composer and the route share)', () => {
  const pathsOf = (versions: unknown) => {
    const parsed = messageInput.safeParse({ ...message, versions })
    return parsed.success ? [] : fieldProblems(parsed.error).map(problem => problem.path)
  }

  it.each([
    ['the school\'s own language', [{ ...spanish, language: 'en' }], ['versions[0].language']],
    ['a language twice, in any case', [spanish, { ...spanish, language: 'ES' }], ['versions[1].language']],
    ['an unknown code', [{ ...spanish, language: 'xx' }], ['versions[0].language']],
    ['not a tag', [{ ...spanish, language: 'es!' }], ['versions[0].language']],
    ['an empty subject and body', [{ ...spanish, subject: ' ', body: '' }], ['versions[0].body', 'versions[0].subject']],
    ['an unknown member', [{ ...spanish, note: 'x' }], ['versions[0].note']],
    ['not a list', 'es', ['versions']]
  ])('refuses %s naming the field', (_case, versions, paths) => {
    expect(pathsOf(versions).sort()).toEqual(paths)
  })

  it('takes no versions, or one per other offered language', () => {
    expect(messageInput.safeParse(message).success).toBe(true)
    expect(pathsOf([spanish, { ...spanish, language: 'zh-Hans' }, { ...spanish, language: 'ar' }])).toEqual([])
  })
})
