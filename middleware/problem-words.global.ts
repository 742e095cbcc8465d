import { loadProblemWords } from '~~/i18n/problem-words'

/** The page's language's words for the server's refusals (i18n/problem-words.ts), there before the page reads any. */
export default defineNuxtRouteMiddleware(async (to) => {
  await loadProblemWords(pageLanguage(to.path, useNuxtApp().$i18n.locale.value).code)
})
