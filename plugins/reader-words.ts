import { config } from 'zod/v4/core'
import { defaultLanguage, type LanguageCode } from '~~/shared/languages'
import { loadProblemWords, setPageTranslator } from '~~/i18n/problem-words'

/** zod's own words (a problem a schema does not word itself) for each shipped language, fetched when first needed. */
const zodLocales: Record<LanguageCode, () => Promise<{ default: () => Parameters<typeof config>[0] }>> = {
  'en': () => import('zod/v4/locales/en.js'),
  'es': () => import('zod/v4/locales/es.js'),
  'ar': () => import('zod/v4/locales/ar.js'),
  'zh-Hans': () => import('zod/v4/locales/zh-CN.js')
}

/**
 * The browser's forms word their problems in the page's language: apiErrorOf finds the app after an `await`
 * (useProblemWords.ts), and zod's default messages follow the page. zod's setting is global, so it is changed in the
 * browser alone: on the server it would reach the API's answers, which are English.
 */
export default defineNuxtPlugin(() => {
  // The same function on the server for every request: it finds the request's own app (pageProblemTranslator).
  setPageTranslator(pageProblemTranslator)
  if (!import.meta.client) return
  const app = useNuxtApp()
  rememberBrowserApp(app)
  let applied: string = defaultLanguage
  watch(() => pageLanguage(app.$router.currentRoute.value.path, app.$i18n.locale.value).code as LanguageCode, async (code) => {
    if (code === applied) return
    applied = code
    // A language chosen from the menu opens no page: its words for the server's refusals are fetched here.
    const [locale] = await Promise.all([zodLocales[code]().then(module => module.default), loadProblemWords(code)])
    if (applied === code) config(locale())
  }, { immediate: true })
})
