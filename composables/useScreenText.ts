import type { LanguageCode } from '~~/shared/languages'

/**
 * The words of the parts both surfaces share (the pager, the error line, the toast, the passkeys), in the page's own
 * language (useReaderLanguage): the reader's on the portal and at sign-in, English on a staff screen not yet translated,
 * whatever language the reader chose for the portal. The staff middleware loads English's messages for that.
 */
export function useScreenText() {
  const { t: translate } = useI18n()
  const language = useReaderLanguage()
  return {
    t: (key: string, named: Record<string, unknown> = {}) => translate(key, named, { locale: language.value.code as LanguageCode })
  }
}
