import type { DomainContext } from '../shared/context'
import { sendMessage } from '../messages/send-message'
import { askWithPurpose } from './ask-answers'
import { consentReminderWords } from '../mail/mail-kinds'
import { defaultLanguage } from '../../../shared/languages'

/** A message to the adults who have not answered the ask (`ask:<id>:unanswered`), in the school's words unless the office wrote its own. */
export async function remindUnanswered(ctx: DomainContext, askId: string, input: { subject?: string, body?: string }) {
  const { ask, purpose } = await askWithPurpose(ctx, askId)
  // The school's own language: a message has one subject and body for every reader, and the notice around it is in each reader's.
  const own = consentReminderWords(defaultLanguage, { about: ask.subject ? `${purpose.name}: ${ask.subject}` : purpose.name, closesOn: ask.closesOn })
  return sendMessage(ctx, {
    subject: input.subject ?? own.subject,
    body: input.body ?? own.body,
    audience: [`ask:${ask.id}:unanswered`],
    askId: ask.id
  })
}
