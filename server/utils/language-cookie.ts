import { setCookie, type H3Event } from 'h3'
import { publicUrl } from '../domain/shared/public-url'

/** The cookie the screens read the reader's language from (the i18n module's detection), before and after sign-in. */
export const languageCookieName = 'rollbook_language'

/**
 * Remembers the reader's language in this browser for a year. Not HttpOnly: the screens' language
 * detection reads it in the browser too; it holds a shipped tag and nothing about the person.
 */
export function setLanguageCookie(event: H3Event, code: string) {
  setCookie(event, languageCookieName, code, { sameSite: 'lax', secure: publicUrl().startsWith('https:'), path: '/', maxAge: 365 * 24 * 60 * 60 })
}
