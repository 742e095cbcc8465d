/**
 * The languages Rollbook ships, as BCP 47 tags, in the order a language menu lists them. A school
 * offers some of them to its families (the school's `languages` setting, English always among them);
 * a person's preferred language is one the school offers. Adding a language: its locale file under
 * i18n/locales/ and its line here (docs/translating.md).
 */
export const shippedLanguages = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'zh-Hans', name: '简体中文', dir: 'ltr' }
] as const

export type LanguageCode = (typeof shippedLanguages)[number]['code']

export const languageCodes = shippedLanguages.map(language => language.code) as [LanguageCode, ...LanguageCode[]]

/** The school's language: what the office writes in, and what a reader without a preference of their own gets. */
export const schoolLanguage: LanguageCode = 'en'

export function isShippedLanguage(code: string): code is LanguageCode {
  return (languageCodes as readonly string[]).includes(code)
}

/** The text direction of a shipped language. */
export function directionOf(code: LanguageCode): 'ltr' | 'rtl' {
  return shippedLanguages.find(language => language.code === code)!.dir
}
