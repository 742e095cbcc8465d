import { defaultLanguage, shippedLanguage } from '~~/shared/languages'

/** The screens whose words are translated: sign-in and the family portal. The staff screens are not yet. */
const translatedPath = /^\/(?:sign-in|family)(?:\/|$)/

/**
 * `lang` and `dir` on `<html>` (WCAG 3.1.1): the reader's language where the page is written in it, English
 * elsewhere, so a Spanish reader's staff screen, still in English, is not labelled Spanish. The error page, which
 * is translated wherever it shows, passes `translated: true`.
 */
export function useDocumentLanguage(translated?: boolean) {
  const { locale } = useI18n()
  const route = useRoute()
  const language = computed(() => {
    const shown = translated ?? translatedPath.test(route.path)
    return shippedLanguage(shown ? locale.value : defaultLanguage) ?? shippedLanguage(defaultLanguage)!
  })
  useHead({ htmlAttrs: { lang: () => language.value.code, dir: () => language.value.dir } })
}
