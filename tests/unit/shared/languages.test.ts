import { describe, expect, it } from 'vitest'
import { intlLocale, languageFromAcceptLanguage, shippedLanguages } from '../../../shared/languages'

describe('the shipped languages (shared/languages.ts)', () => {
  it('formats Arabic with Latin digits and every other language by its own code', () => {
    expect(intlLocale('ar')).toBe('ar-u-nu-latn')
    expect(new Intl.NumberFormat(intlLocale('ar')).format(1234.5)).toMatch(/^1[^\d]?234[^\d]5$/)
    expect(new Intl.DateTimeFormat(intlLocale('ar'), { day: 'numeric', timeZone: 'UTC' }).format(new Date('2026-12-01T00:00:00Z'))).toBe('1')
    for (const { code } of shippedLanguages.filter(language => language.code !== 'ar')) expect(intlLocale(code)).toBe(code)
  })

  it('chooses from Accept-Language by weight, a region falling back to its language', () => {
    expect(languageFromAcceptLanguage('fr-CA, es-MX;q=0.8, en;q=0.5')).toBe('es')
    expect(languageFromAcceptLanguage('zh-CN')).toBe('zh-Hans')
    expect(languageFromAcceptLanguage('zh-TW')).toBeUndefined()
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined()
  })
})
