import type { DomainContext } from '../shared/context'
import { sendMessage } from '../messages/send-message'
import { askWithPurpose } from './ask-answers'

/** A message to the adults who have not answered the ask (`ask:<id>:unanswered`), in the school's words unless the office wrote its own. */
export async function remindUnanswered(ctx: DomainContext, askId: string, input: { subject?: string, body?: string }) {
  const { ask, purpose } = await askWithPurpose(ctx, askId)
  const about = ask.subject ? `${purpose.name}: ${ask.subject}` : purpose.name
  return sendMessage(ctx, {
    subject: input.subject ?? `Reminder: ${about}`,
    body: input.body ?? `The school is waiting for your answer about ${about}. Please answer in the family portal, under Consents, by ${ask.closesOn}.`,
    audience: [`ask:${ask.id}:unanswered`],
    askId: ask.id
  })
}
