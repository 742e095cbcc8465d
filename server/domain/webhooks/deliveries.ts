import { and, desc, eq, inArray, lt } from 'drizzle-orm'
import { webhookDeliveries, webhookSubscriptions } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { currentTime } from '../days/clock'
import { keysetSlice } from '../shared/keyset-slice'
import { recordActivity } from '../activity/record-activity'
import { requireWebhookSubscription } from './subscriptions'

/** A subscription's deliveries, newest change first, with each one's last answer. */
export async function listWebhookDeliveries(ctx: DomainContext, subscriptionId: string, options: { limit?: number } = {}) {
  return (await pageWebhookDeliveries(ctx, subscriptionId, { limit: options.limit ?? 50 })).items
}

/** One page of a subscription's deliveries, newest change first; `after` is the `[sequence]` the previous page ended at. */
export async function pageWebhookDeliveries(ctx: DomainContext, subscriptionId: string, options: { limit: number, after?: readonly unknown[] }) {
  const limit = options.limit
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw domainError(
    'validation_failed', ['limit: Use a whole number from 1 to 1000.'],
    { fields: [{ path: 'limit', message: 'Use a whole number from 1 to 1000.' }] }
  )
  await requireWebhookSubscription(ctx, subscriptionId)
  const after = options.after?.[0]
  const rows = await ctx.database.db.select().from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), typeof after === 'number' ? lt(webhookDeliveries.sequence, after) : undefined))
    .orderBy(desc(webhookDeliveries.sequence)).limit(limit + 1)
  return keysetSlice(rows, limit, deliveryView, (last): [number] => [last.sequence])
}

function deliveryView(row: typeof webhookDeliveries.$inferSelect) {
  return {
    id: row.id,
    kind: row.kind,
    table: row.tableName,
    recordId: row.recordId,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? new Date(row.nextAttemptAt).toISOString() : null,
    lastAttemptAt: row.lastAttemptAt,
    lastStatus: row.lastStatus,
    lastAnswer: row.lastAnswer,
    lastDurationMs: row.lastDurationMs,
    deliveredAt: row.deliveredAt,
    createdAt: row.createdAt
  }
}

/**
 * Sends a delivery again now, by hand: a given-up one (after the receiver is mended), or one waiting
 * for its retry. It goes in change order, so it leaves before the subscription's later deliveries; a
 * given-up one that fails again is given up again at once and holds nothing.
 */
export async function retryWebhookDelivery(ctx: DomainContext, deliveryId: string, now = currentTime().getTime()) {
  const [row] = await ctx.database.db.select({ delivery: webhookDeliveries, deletedAt: webhookSubscriptions.deletedAt })
    .from(webhookDeliveries).innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.schoolId, ctx.school.id)))
  if (!row) throw domainError('not_found', [`No webhook delivery has the id ${deliveryId}.`])
  if (row.deletedAt) throw domainError('unprocessable', ['Its subscription was deleted.'])
  if (row.delivery.status === 'delivered') throw domainError('unprocessable', ['This delivery has already been delivered.'])
  await ctx.database.transaction(async (tx) => {
    await tx.update(webhookDeliveries).set({ status: 'pending', nextAttemptAt: now }).where(eq(webhookDeliveries.id, deliveryId))
    await tx.update(webhookSubscriptions).set({ heldUntil: 0 }).where(eq(webhookSubscriptions.id, row.delivery.subscriptionId))
    await recordActivity(tx, ctx, {
      kind: 'webhook.resent', subjectType: 'webhook', subjectId: row.delivery.subscriptionId,
      summary: `Delivery ${deliveryId} (${row.delivery.kind}) of webhook subscription ${row.delivery.subscriptionId} sent again`,
      changes: { status: [row.delivery.status, 'pending'] }
    })
  })
  return { id: deliveryId, status: 'pending' as const }
}

/** The school a delivery belongs to, for callers that know only its id (the admin CLI). */
export async function schoolOfWebhookDelivery(database: Database, id: string): Promise<string> {
  const [row] = await database.db.select({ schoolId: webhookDeliveries.schoolId }).from(webhookDeliveries).where(eq(webhookDeliveries.id, id))
  if (!row) throw domainError('not_found', [`No webhook delivery has the id ${id}.`])
  return row.schoolId
}

export const defaultDeliveryRetentionDays = 30

/** Drops delivered and cancelled deliveries older than the retention; given-up ones stay until someone deals with them. */
export async function pruneWebhookDeliveries(database: Database, options: { retentionDays?: number, now?: number } = {}): Promise<number> {
  const cutoff = new Date((options.now ?? currentTime().getTime()) - (options.retentionDays ?? defaultDeliveryRetentionDays) * 86_400_000).toISOString()
  const pruned = await database.transaction(tx => tx.delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['delivered', 'cancelled']), lt(webhookDeliveries.createdAt, cutoff)))
    .returning({ id: webhookDeliveries.id }))
  return pruned.length
}
