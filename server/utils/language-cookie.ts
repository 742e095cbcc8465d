import { setCookie, type H3Event } from 'h3'
import { languageCookieName } from '../../shared/languages'
import { publicUrl } from '../domain/shared/public-url'

/**
 * Remembers the reader's language in this browser for a year. Not HttpOnly: the screens' language
 * detection reads it in the browser too; it holds a shipped tag and nothing about the person.
 */
export function setLanguageCookie(event: H3Event, code: string) {
  setCookie(event, languageCookieName, code, { sameSite: 'lax', secure: publicUrl().startsWith('https:'), path: '/', maxAge: 365 * 24 * 60 * 60 })
}
