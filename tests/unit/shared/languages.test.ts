import { describe, expect, it } from 'vitest'
import { defaultLanguage, intlLocale, languageCodes, languageFromAcceptLanguage, shippedLanguage, shippedLanguages } from '../../../shared/languages'
import { languageTag, schoolLanguagesSchema } from '../../../shared/schemas/languages'

describe('the shipped languages', () => {
  it('ships English, Spanish, Arabic and Simplified Chinese, English the default and Arabic right to left', () => {
    expect(languageCodes).toEqual(['en', 'es', 'ar', 'zh-Hans'])
    expect(defaultLanguage).toBe('en')
    expect(shippedLanguages.filter(language => language.dir === 'rtl').map(language => language.code)).toEqual(['ar'])
  })

  it('finds a shipped language by its tag in any case, and nothing else', () => {
    expect(shippedLanguage('zh-hans')?.code).toBe('zh-Hans')
    expect(shippedLanguage('ZH-HANS')?.code).toBe('zh-Hans')
    expect(shippedLanguage('ES')?.code).toBe('es')
    for (const tag of ['es-MX', 'zh', 'zh-Hant', 'fr', '', 'english']) expect(shippedLanguage(tag), tag).toBeUndefined()
  })
})

describe('the language an Accept-Language header chooses', () => {
  it('takes the highest weight, then the earliest, trying a tag whole and then by its language', () => {
    expect(languageFromAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es')
    expect(languageFromAcceptLanguage('fr;q=1, ar;q=0.5, en;q=0.7')).toBe('en')
    expect(languageFromAcceptLanguage('de, ar')).toBe('ar')
    expect(languageFromAcceptLanguage('en;q=0.5, es;q=0.5')).toBe('en')
  })

  it('reads any Simplified Chinese as zh-Hans, never Traditional', () => {
    expect(languageFromAcceptLanguage('zh-CN')).toBe('zh-Hans')
    expect(languageFromAcceptLanguage('zh')).toBe('zh-Hans')
    expect(languageFromAcceptLanguage('ZH-hans-SG')).toBe('zh-Hans')
    expect(languageFromAcceptLanguage('zh-TW')).toBeUndefined()
    expect(languageFromAcceptLanguage('zh-Hant, es;q=0.2')).toBe('es')
  })

  it('chooses only among the languages offered', () => {
    expect(languageFromAcceptLanguage('ar, es;q=0.9', ['en', 'es'])).toBe('es')
    expect(languageFromAcceptLanguage('ar', ['en'])).toBeUndefined()
  })

  it('gives nothing for no header, a refusal of everything, or nonsense', () => {
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined()
    expect(languageFromAcceptLanguage('')).toBeUndefined()
    expect(languageFromAcceptLanguage('es;q=0, en;q=0')).toBeUndefined()
    expect(languageFromAcceptLanguage('es;q=abc')).toBeUndefined()
    expect(languageFromAcceptLanguage(';;;,,,')).toBeUndefined()
    expect(languageFromAcceptLanguage('*')).toBeUndefined()
  })

  it('reads no more than 32 entries of a long header', () => {
    expect(languageFromAcceptLanguage([...Array(32).fill('fr'), 'es'].join(','))).toBeUndefined()
    expect(languageFromAcceptLanguage([...Array(31).fill('fr'), 'es'].join(','))).toBe('es')
  })
})

describe('a language tag as a request carries it', () => {
  it('takes a shipped tag in any case', () => {
    for (const tag of ['en', 'es', 'ar', 'zh-Hans', 'zh-hans']) expect(languageTag.safeParse(tag).success, tag).toBe(true)
  })

  it('refuses an unknown, malformed, over-long or control-character tag', () => {
    for (const tag of ['fr', 'es-MX', 'zh', '', 'e s', 'es\u0000', 'es\u200b', '<script>', 'a'.repeat(36), `es-${'x'.repeat(40)}`]) {
      expect(languageTag.safeParse(tag).success, JSON.stringify(tag)).toBe(false)
    }
  })

  it('refuses a school\'s list naming a language twice, in whatever case', () => {
    expect(schoolLanguagesSchema.safeParse(['en', 'es', 'zh-Hans']).success).toBe(true)
    expect(schoolLanguagesSchema.safeParse(['es', 'ES']).success).toBe(false)
    expect(schoolLanguagesSchema.safeParse(['en', 'fr']).success).toBe(false)
  })
})

describe('the locale numbers and dates are written in', () => {
  it('formats Arabic with Latin digits and every other language by its own code', () => {
    expect(intlLocale('ar')).toBe('ar-u-nu-latn')
    expect(new Intl.NumberFormat(intlLocale('ar')).format(1234.5)).toMatch(/^1[^\d]?234[^\d]5$/)
    expect(new Intl.DateTimeFormat(intlLocale('ar'), { day: 'numeric', timeZone: 'UTC' }).format(new Date('2026-12-01T00:00:00Z'))).toBe('1')
    for (const { code } of shippedLanguages.filter(language => language.code !== 'ar')) expect(intlLocale(code)).toBe(code)
  })
})
