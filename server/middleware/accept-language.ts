import { defineEventHandler, getRequestHeader } from 'h3'
import { defaultLanguage, languageCodes, languageFromAcceptLanguage } from '../../shared/languages'

/**
 * A browser's languages read by Rollbook's rule (languageFromAcceptLanguage, docs/translating.md) before the screens'
 * own detection (@nuxtjs/i18n) reads them: that one takes any Chinese for the Simplified Chinese shipped, so a reader
 * who asked for Traditional Chinese, and Spanish after it, was given Simplified. The header is replaced by the one
 * shipped language it means (English when none), which the screens' detection then takes as it is.
 */
export default defineEventHandler((event) => {
  const header = getRequestHeader(event, 'accept-language')
  if (header === undefined || (languageCodes as readonly string[]).includes(header)) return
  event.node.req.headers['accept-language'] = languageFromAcceptLanguage(header) ?? defaultLanguage
})
