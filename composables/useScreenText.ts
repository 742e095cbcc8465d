import type { LanguageCode } from '~~/shared/languages'

/**
 * The words of a screen in the page's own language (useReaderLanguage): the reader's on the portal and at sign-in,
 * English on a staff screen until the staff screens are translated, whatever language the reader chose for the portal.
 * The parts both surfaces share (the pager, the error line, the toast, the passkeys) and the converted staff screens
 * (`staff.*` keys, i18n/staff/) read theirs through it; the staff middleware loads the messages they need. A number for
 * `named` is a count: it chooses between the message's plural forms (`one | many`) and fills its `{count}`.
 */
export function useScreenText() {
  const { t: translate } = useI18n()
  const language = useReaderLanguage()
  // A shipped language's code (pageLanguage gives no other), as vue-i18n types its locales.
  const locale = () => language.value.code as LanguageCode
  return {
    // Two calls alike: vue-i18n's overloads take a count or named values, not a value that may be either.
    t: (key: string, named: Record<string, unknown> | number = {}) => typeof named === 'number'
      ? translate(key, named, { locale: locale() })
      : translate(key, named, { locale: locale() })
  }
}
