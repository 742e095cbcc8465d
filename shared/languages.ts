/**
 * The languages Rollbook ships, by BCP 47 tag. A school offers some of them (its `languages` setting, English
 * always among them); an adult prefers one of those. Adding a language is adding its message file under
 * i18n/locales/ and its line here (docs/translating.md).
 */
export interface ShippedLanguage {
  code: string
  /** The language's name in itself, as a menu shows it to someone who reads only that language. */
  nativeName: string
  dir: 'ltr' | 'rtl'
  /** Whether the staff screens are translated too; the portal, its mail and sign-in are, in every shipped language. */
  staffScreens: boolean
}

export const shippedLanguages = [
  { code: 'en', nativeName: 'English', dir: 'ltr', staffScreens: true },
  { code: 'es', nativeName: 'Español', dir: 'ltr', staffScreens: true },
  { code: 'ar', nativeName: 'العربية', dir: 'rtl', staffScreens: false },
  { code: 'zh-Hans', nativeName: '简体中文', dir: 'ltr', staffScreens: false }
] as const satisfies readonly ShippedLanguage[]

export type LanguageCode = (typeof shippedLanguages)[number]['code']

export const defaultLanguage: LanguageCode = 'en'

/** The cookie the reader's language is kept in, before and after sign-in: the i18n module's detection reads it. */
export const languageCookieName = 'rollbook_language'

export const languageCodes: readonly LanguageCode[] = shippedLanguages.map(language => language.code)

/**
 * The shipped language a tag names, matched without regard to case (BCP 47 tags are case-insensitive), or
 * undefined. `zh-hans` is `zh-Hans`; a region is not dropped here (`es-MX` is no shipped tag): choosing from
 * a browser's list is `languageFromAcceptLanguage`'s business.
 */
export function shippedLanguage(tag: string): ShippedLanguage | undefined {
  const lower = tag.toLowerCase()
  return shippedLanguages.find(language => language.code.toLowerCase() === lower)
}

/**
 * The best of `offered` for an `Accept-Language` header: by the header's weights, each tag tried whole and
 * then by its language alone (`es-MX` → `es`, `zh-CN` and `zh` → `zh-Hans`, the one Chinese shipped), else
 * undefined.
 */
export function languageFromAcceptLanguage(header: string | undefined, offered: readonly string[] = languageCodes): string | undefined {
  if (!header) return undefined
  const ranked = header.split(',').slice(0, 32).map((part, index) => {
    const [tag = '', ...params] = part.trim().split(';')
    const q = params.map(p => p.trim()).find(p => p.startsWith('q='))
    const weight = q ? Number(q.slice(2)) : 1
    return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index }
  }).filter(entry => entry.tag && entry.weight > 0).sort((a, b) => b.weight - a.weight || a.index - b.index)
  const offeredLower = new Map(offered.map(code => [code.toLowerCase(), code]))
  for (const { tag } of ranked) {
    const lower = tag.toLowerCase()
    const whole = offeredLower.get(lower)
    if (whole) return whole
    const primary = lower.split('-')[0] ?? ''
    const byPrimary = primary === 'zh' ? offeredLower.get('zh-hans') : offeredLower.get(primary)
    if (byPrimary && !(primary === 'zh' && /-(hant|tw|hk|mo)\b/.test(lower))) return byPrimary
  }
  return undefined
}

/**
 * The `Intl` locale to format numbers and dates with for a language: the code itself, but Arabic with Latin digits
 * (`ar-u-nu-latn`), as most Arabic school and government sites write mixed content and as amounts appear on bank
 * statements and the school's mail (docs/translating.md, "Right to left"). An unknown tag is returned as it is.
 */
export function intlLocale(code: string): string {
  return shippedLanguage(code)?.code === 'ar' ? 'ar-u-nu-latn' : code
}

/** The languages the staff screens are written in (`staffScreens`): each has its file under i18n/staff/. */
export type StaffLanguageCode = Extract<(typeof shippedLanguages)[number], { staffScreens: true }>['code']

export const staffLanguageCodes: readonly StaffLanguageCode[] =
  shippedLanguages.flatMap(language => language.staffScreens ? [language.code as StaffLanguageCode] : [])
