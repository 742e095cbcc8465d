import { defaultLanguage, shippedLanguage, type ShippedLanguage } from '~~/shared/languages'

/** The pages written in every shipped language: the front page, the API reference's own words, sign-in and the portal. */
const translatedPath = /^\/(?:(?:sign-in|family)(?:\/|$)|(?:reference)?$)/
/** The staff screens, written in the languages whose `staffScreens` is true (English and Spanish). */
const staffPath = /^\/staff(?:\/|$)/

/**
 * The language a page at `path` is written in for a reader who chose `chosen`: theirs where the page is translated
 * (or `translated` says so), English elsewhere; a staff screen is in the reader's language when its staff screens
 * are translated, else English. The staff middleware asks it which staff messages to load, before the route has
 * changed; useReaderLanguage asks it for the page shown.
 */
export function pageLanguage(path: string, chosen: string, translated?: boolean): ShippedLanguage {
  const shown = translated ?? (translatedPath.test(path) || (staffPath.test(path) && shippedLanguage(chosen)?.staffScreens === true))
  return shippedLanguage(shown ? chosen : defaultLanguage) ?? shippedLanguage(defaultLanguage)!
}

/**
 * The language a page is written in (pageLanguage). Its words, its `lang` and the locale its times and amounts are
 * written in (useSchoolTime) all follow it, so a Spanish reader's staff screen, still in English, neither says it is
 * Spanish nor writes its dates in Spanish.
 */
export function useReaderLanguage(translated?: boolean) {
  const { locale } = useI18n()
  const route = useRoute()
  return computed(() => pageLanguage(route.path, locale.value, translated))
}

/**
 * `lang` and `dir` on `<html>` (WCAG 3.1.1) from the page's language. The error page, which is translated wherever
 * it shows, passes `translated: true`.
 */
export function useDocumentLanguage(translated?: boolean) {
  const language = useReaderLanguage(translated)
  useHead({ htmlAttrs: { lang: () => language.value.code, dir: () => language.value.dir } })
}
