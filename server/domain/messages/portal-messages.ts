import { and, desc, eq, isNull, ne } from 'drizzle-orm'
import { messageRecipients, messages } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { timestampNow } from '../shared/clock'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'

type ReadContext = Pick<DomainContext, 'database' | 'school'>

/**
 * A mail standing withheld, at send (send-message.ts) or when it was to leave (message-delivery.ts), is not
 * the adult's to read: it is never shown, as if never written.
 */
const shownToAdult = ne(messageRecipients.status, 'withheld')

/** The portal's Messages: what the school wrote to the adult, newest first, and whether they read it. */
export async function portalMessages(ctx: ReadContext, adultId: string, page: { limit: number, after?: [string, string] }) {
  const rows = await ctx.database.db.select({ id: messages.id, subject: messages.subject, sentAt: messages.createdAt, readAt: messageRecipients.readAt })
    .from(messageRecipients).innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(and(eq(messageRecipients.schoolId, ctx.school.id), eq(messageRecipients.adultId, adultId), shownToAdult, afterPosition(messages.createdAt, messages.id, page.after, 'desc')))
    .orderBy(desc(messages.createdAt), desc(messages.id)).limit(page.limit + 1)
  return keysetSlice(rows, page.limit, row => row, (last): [string, string] => [last.sentAt, last.id])
}

/**
 * One message to the adult; reading it records the read receipt the office sees (the first read only),
 * except in a preview: staff looking as the adult read nothing for them. Another adult's message, or
 * an unknown one, is `not_found`.
 */
export async function readPortalMessage(ctx: ReadContext, adultId: string, messageId: string, options: { markRead: boolean }) {
  const [row] = await ctx.database.db.select({ id: messages.id, subject: messages.subject, body: messages.body, sentAt: messages.createdAt, readAt: messageRecipients.readAt, recipientId: messageRecipients.id })
    .from(messageRecipients).innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(and(eq(messageRecipients.schoolId, ctx.school.id), eq(messageRecipients.adultId, adultId), eq(messageRecipients.messageId, messageId), shownToAdult))
  if (!row) throw domainError('not_found', ['No message with this id.'])
  const { recipientId, ...message } = row
  if (options.markRead && !message.readAt) {
    const readAt = timestampNow()
    // A read receipt is not the school's data: no event, and the school's lock is not taken.
    await ctx.database.transaction(tx => tx.update(messageRecipients).set({ readAt }).where(and(eq(messageRecipients.id, recipientId), isNull(messageRecipients.readAt))))
    message.readAt = readAt
  }
  return message
}
