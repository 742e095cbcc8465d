import { and, desc, eq, isNull, ne } from 'drizzle-orm'
import { messageRecipients, messages } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { timestampNow, todayInZone } from '../days/clock'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { stillTold } from './recipient-standing'
import { chooseMessageText, versionsOfMessages } from './message-version'
import { preferredLanguageOf } from '../people/preferred-language'

type ReadContext = Pick<DomainContext, 'database' | 'school'>

/**
 * A mail standing withheld, at send (send-message.ts) or when it was to leave (message-delivery.ts), is not
 * the adult's to read: it is never shown, as if never written.
 */
const shownToAdult = ne(messageRecipients.status, 'withheld')

/** Rows read at a time while filling a page: a page's worth and some, since standing may leave rows out. */
const readAhead = 50

/**
 * The portal's Messages: what the school wrote to the adult, newest first, and whether they read it.
 * A message the delivery worker withheld is not theirs to read, nor is one reached through children
 * the adult no longer has the standing its kind asks on today (stillTold, the worker's rule too): a court
 * order or a flag recorded since takes it out of the list at once, mailed or not, address or not.
 * Rows are read ahead and filtered until the page is full, so a page is short only at the end. Each
 * subject is the one of the version the adult reads (chooseMessageText).
 */
export async function portalMessages(ctx: ReadContext, adultId: string, page: { limit: number, after?: [string, string] }) {
  const day = todayInZone(ctx.school.timeZone)
  const shown: { id: string, subject: string, sentAt: string, readAt: string | null }[] = []
  let after = page.after
  for (;;) {
    const rows = await ctx.database.db.select({
      id: messages.id, subject: messages.subject, sentAt: messages.createdAt, readAt: messageRecipients.readAt, adultId: messageRecipients.adultId,
      childIds: messageRecipients.childIds, messageId: messageRecipients.messageId
    })
      .from(messageRecipients).innerJoin(messages, eq(messages.id, messageRecipients.messageId))
      .where(and(
        eq(messageRecipients.schoolId, ctx.school.id), eq(messageRecipients.adultId, adultId), shownToAdult,
        afterPosition(messages.createdAt, messages.id, after, 'desc')
      ))
      .orderBy(desc(messages.createdAt), desc(messages.id)).limit(Math.max(readAhead, page.limit + 1))
    const told = await stillTold(ctx, rows, day)
    for (const [i, { adultId: _, childIds: __, messageId: ___, ...message }] of rows.entries()) if (told[i]) shown.push(message)
    const last = rows.at(-1)
    if (shown.length > page.limit || !last || rows.length < Math.max(readAhead, page.limit + 1)) break
    after = [last.sentAt, last.id]
  }
  const [versions, preferred] = await Promise.all([
    versionsOfMessages(ctx.database.db, ctx.school.id, shown.slice(0, page.limit).map(row => row.id)),
    preferredLanguageOf(ctx.database.db, ctx.school.id, adultId)
  ])
  const inAdultsLanguage = (row: typeof shown[number]) =>
    ({ ...row, subject: chooseMessageText({ subject: row.subject, body: '' }, versions.get(row.id) ?? [], preferred).subject })
  return keysetSlice(shown, page.limit, inAdultsLanguage, (last): [string, string] => [last.sentAt, last.id])
}

/**
 * One message to the adult; reading it records the read receipt the office sees (the first read only),
 * except in a preview: staff looking as the adult read nothing for them. Another adult's message, an
 * unknown one, or one the adult may no longer be told of (stillTold, as the list decides) is `not_found`.
 * The text is the version in the adult's language, or the school's original when none was written or
 * `original` asks for it (chooseMessageText).
 */
export async function readPortalMessage(ctx: ReadContext, adultId: string, messageId: string, options: { markRead: boolean, original?: boolean }) {
  const [row] = await ctx.database.db.select({
    id: messages.id, subject: messages.subject, body: messages.body, sentAt: messages.createdAt, readAt: messageRecipients.readAt,
    recipientId: messageRecipients.id, adultId: messageRecipients.adultId, childIds: messageRecipients.childIds, messageId: messageRecipients.messageId
  })
    .from(messageRecipients).innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(and(eq(messageRecipients.schoolId, ctx.school.id), eq(messageRecipients.adultId, adultId), eq(messageRecipients.messageId, messageId), shownToAdult))
  if (!row || !(await stillTold(ctx, [row], todayInZone(ctx.school.timeZone)))[0]) throw domainError('not_found', ['No message with this id.'])
  const { recipientId, adultId: _, childIds: __, messageId: ___, ...message } = row
  if (options.markRead && !message.readAt) {
    const readAt = timestampNow()
    // A read receipt is not the school's data: no event, and the school's lock is not taken.
    await ctx.database.transaction(tx => tx.update(messageRecipients).set({ readAt })
      .where(and(eq(messageRecipients.id, recipientId), isNull(messageRecipients.readAt))))
    message.readAt = readAt
  }
  const [versions, preferred] = await Promise.all([
    versionsOfMessages(ctx.database.db, ctx.school.id, [message.id]), preferredLanguageOf(ctx.database.db, ctx.school.id, adultId)
  ])
  return { ...message, ...chooseMessageText(message, versions.get(message.id) ?? [], preferred, options.original) }
}
