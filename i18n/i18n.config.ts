// No fallback language: each page loads its reader's message file alone, and the unit test holds every shipped file
// to English's keys (tests/unit/i18n/locales.test.ts), so nothing is left to fall back on.
export default defineI18nConfig(() => ({ fallbackLocale: false }))
