/*
 * The portal's own words (i18n/locales/<code>.json, `portal`) where the server writes them for a family:
 * a message's no-translation line, an application's state in its notice. One catalogue with the screens,
 * so a family reads the same words in a mail as on the page it links to.
 */
import ar from '../../../i18n/locales/ar.json'
import en from '../../../i18n/locales/en.json'
import es from '../../../i18n/locales/es.json'
import zhHans from '../../../i18n/locales/zh-Hans.json'
import { defaultLanguage, shippedLanguage, type LanguageCode } from '../../../shared/languages'

export type PortalWords = typeof en.portal

const catalogue: Record<LanguageCode, PortalWords> = { 'en': en.portal, 'es': es.portal, 'ar': ar.portal, 'zh-Hans': zhHans.portal }

/** The portal's words of a shipped language; English's for any other tag. */
export function portalWords(language: string): PortalWords {
  return catalogue[(shippedLanguage(language)?.code ?? defaultLanguage) as LanguageCode]
}
