import { defaultLanguage, type LanguageCode } from '~~/shared/languages'
import { loadProblemWords, problemWordsOf, setPageTranslator } from '~~/i18n/problem-words'

/** zod's own words (a problem a schema does not word itself) for each shipped language, fetched when first needed. */
const zodLocales: Record<LanguageCode, () => Promise<{ default: () => Parameters<typeof import('~~/i18n/zod-config').config>[0] }>> = {
  'en': () => import('zod/v4/locales/en.js'),
  'es': () => import('zod/v4/locales/es.js'),
  'ar': () => import('zod/v4/locales/ar.js'),
  'zh-Hans': () => import('zod/v4/locales/zh-CN.js')
}

/**
 * The screens word the server's refusals and their forms' problems in the page's language (i18n/problem-words.ts),
 * and zod's default messages follow the page. zod's setting is global, so it is changed in the browser alone: on the
 * server it would reach the API's answers, which are English.
 */
export default defineNuxtPlugin(() => {
  const app = useNuxtApp()
  // A failure is read (apiErrorOf) in a `catch`, after an `await`: on the server the request's own app is still found
  // through its context; in the browser Nuxt's context is gone by then, and the page's one app is this one.
  setPageTranslator(() => {
    const current = tryUseNuxtApp() ?? (import.meta.client ? app : null)
    if (!current) return null
    const code = pageLanguage(current.$router.currentRoute.value.path, current.$i18n.locale.value).code
    // English is the server's own language: its words are shown as they are.
    return code === defaultLanguage ? null : problemWordsOf(code)
  })
  if (!import.meta.client) return
  let applied: string = defaultLanguage
  watch(() => pageLanguage(app.$router.currentRoute.value.path, app.$i18n.locale.value).code as LanguageCode, async (code) => {
    if (code === applied) return
    applied = code
    // A language chosen from the menu opens no page: its words for the server's refusals are fetched here.
    // zod's setting is fetched here too, not with the app's first script: an English page never needs it.
    const [{ config }, locale] = await Promise.all([import('~~/i18n/zod-config'), zodLocales[code]().then(module => module.default), loadProblemWords(code)])
    if (applied === code) config(locale())
  }, { immediate: true })
})
