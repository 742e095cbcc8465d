import type { StaffLanguageCode } from '../shared/languages'
import { addStaffProblemWords, hasStaffProblemWords, type ProblemTree } from './problem-words'

/**
 * The staff screens' words, apart from the portal's (i18n/locales/): a family's phone never downloads them. One
 * dynamic import per language, so the build makes each file a chunk of its own, fetched by the staff middleware
 * alone (docs/translating.md, "The staff screens' files").
 */
const loaders: Record<StaffLanguageCode, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./staff/en.json'),
  es: () => import('./staff/es.json')
}

/** The staff screens' refusals as the screens word them (i18n/problems/staff/; docs/translating.md, "The server's words"). */
const problemLoaders: Record<StaffLanguageCode, () => Promise<{ default: ProblemTree }>> = {
  en: () => import('./problems/staff/en.json'),
  es: () => import('./problems/staff/es.json')
}

interface MessageStore {
  getLocaleMessage: (code: string) => Record<string, unknown>
  mergeLocaleMessage: (code: string, messages: Record<string, unknown>) => void
}

/** Adds a language's words for the staff screens' refusals to the server's words (i18n/problem-words.ts), once. */
export async function loadStaffProblemWords(code: StaffLanguageCode) {
  if (!hasStaffProblemWords(code)) addStaffProblemWords(code, (await problemLoaders[code]()).default)
}

/**
 * Adds a language's staff messages (under `staff.`) to those i18n holds for it, once, and its words for the staff
 * screens' refusals, which i18n/problem-words.ts holds apart from i18n's messages: each is asked for on its own.
 */
export async function loadStaffMessages(i18n: MessageStore, code: StaffLanguageCode) {
  await Promise.all([
    loadStaffProblemWords(code),
    i18n.getLocaleMessage(code).staff ? undefined : loaders[code]().then(module => i18n.mergeLocaleMessage(code, module.default))
  ])
}
