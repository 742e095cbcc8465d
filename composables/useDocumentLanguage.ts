import { defaultLanguage, shippedLanguage } from '~~/shared/languages'

/** The screens whose words are translated: sign-in and the family portal. The staff screens are not yet. */
const translatedPath = /^\/(?:sign-in|family)(?:\/|$)/

/**
 * The language a page is written in: the reader's where the page is translated, English elsewhere. Its words,
 * its `lang` and the locale its times and amounts are written in (useSchoolTime) all follow it, so a Spanish reader's
 * staff screen, still in English, neither says it is Spanish nor writes its dates in Spanish.
 */
export function useReaderLanguage(translated?: boolean) {
  const { locale } = useI18n()
  const route = useRoute()
  return computed(() => {
    const shown = translated ?? translatedPath.test(route.path)
    return shippedLanguage(shown ? locale.value : defaultLanguage) ?? shippedLanguage(defaultLanguage)!
  })
}

/**
 * `lang` and `dir` on `<html>` (WCAG 3.1.1) from the page's language. The error page, which is translated wherever
 * it shows, passes `translated: true`.
 */
export function useDocumentLanguage(translated?: boolean) {
  const language = useReaderLanguage(translated)
  useHead({ htmlAttrs: { lang: () => language.value.code, dir: () => language.value.dir } })
}
