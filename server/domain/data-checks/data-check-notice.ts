import { intlLocale, type LanguageCode } from '../../../shared/languages'
import type { MessageText } from '../messages/message-version'
import { fillMailWords as fill, mailWords } from '../mail/render-mail'
import { publicUrl } from '../shared/public-url'

/** A day as a reader of the language writes it (`Friday 4 December 2026`): the day itself, never shifted by a zone. */
function dayInWords(language: LanguageCode, day: string) {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))
}

/**
 * The notice of a data check, when it starts and when the office reminds: it names no child (a text or a push carries
 * it to a lock screen), only the closing day and the portal's page, where the adult sees what is on file.
 */
export function dataCheckNoticeWords(language: LanguageCode, closesOn: string, moment: 'start' | 'reminder'): MessageText {
  const words = mailWords(language)[moment === 'start' ? 'dataCheck' : 'dataCheckReminder']
  return { subject: words.subject, body: `${fill(words.body, { day: dayInWords(language, closesOn) })}\n\n${publicUrl()}/family/data-check` }
}
