import type { StaffLanguageCode } from '../shared/languages'

/**
 * The staff screens' words, apart from the portal's (i18n/locales/): a family's phone never downloads them. One
 * dynamic import per language, so the build makes each file a chunk of its own, fetched by the staff middleware
 * alone (docs/translating.md, "The staff screens' files").
 */
const loaders: Record<StaffLanguageCode, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./staff/en.json'),
  es: () => import('./staff/es.json')
}

interface MessageStore {
  getLocaleMessage: (code: string) => Record<string, unknown>
  mergeLocaleMessage: (code: string, messages: Record<string, unknown>) => void
}

/** Adds a language's staff messages (under `staff.`) to those i18n holds for it, once. */
export async function loadStaffMessages(i18n: MessageStore, code: StaffLanguageCode) {
  if (i18n.getLocaleMessage(code).staff) return
  i18n.mergeLocaleMessage(code, (await loaders[code]()).default)
}
