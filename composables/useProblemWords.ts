import type { NuxtApp } from '#app'
import { defaultLanguage } from '~~/shared/languages'
import { problemWordsOf, type Translate } from '~~/i18n/problem-words'

/**
 * The app that answers for the page after an `await` in the browser, where Nuxt's own context is gone: a failed
 * $fetch is read (apiErrorOf) in a `catch`. On the server each request has its own app, found through its context.
 */
let browserApp: NuxtApp | null = null
export function rememberBrowserApp(app: NuxtApp) {
  if (import.meta.client) browserApp = app
}

/**
 * How the server's words are written again on the page shown (i18n/problem-words.ts): null on a page in English, the
 * server's own language, else a `t` over the page's language's words (pageLanguage), which middleware/problem-words
 * has loaded before the page opened.
 */
export function pageProblemTranslator(): Translate | null {
  const app = tryUseNuxtApp() ?? browserApp
  if (!app) return null
  const code = pageLanguage(app.$router.currentRoute.value.path, app.$i18n.locale.value).code
  return code === defaultLanguage ? null : problemWordsOf(code)
}
