import { and, eq, inArray } from 'drizzle-orm'
import { messageRecipients, notificationDeliveries } from '../../../../db/schema'
import type { DomainContext } from '../../shared/context'
import { timestampNow } from '../../days/clock'

/**
 * Settles as handed over every mail and notification a demo school's seeding queued (fee notices, the
 * office's messages): in the demo's story they went out when they were written, and a server starting on
 * the demo would otherwise mail hundreds of them to its log and its development outbox.
 */
export async function settleDemoMail(ctx: DomainContext) {
  const sentAt = timestampNow()
  await ctx.database.transaction(async (tx) => {
    await tx.update(messageRecipients).set({ status: 'sent', sentAt })
      .where(and(eq(messageRecipients.schoolId, ctx.school.id), inArray(messageRecipients.status, ['pending', 'held'])))
    await tx.update(notificationDeliveries).set({ status: 'sent', sentAt })
      .where(and(eq(notificationDeliveries.schoolId, ctx.school.id), inArray(notificationDeliveries.status, ['queued', 'held'])))
  })
}
