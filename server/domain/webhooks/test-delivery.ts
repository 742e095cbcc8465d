import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { writeChanges } from '../shared/write-changes'
import { recordActivity } from '../activity/record-activity'
import { requireWebhookSubscription } from './subscriptions'

/** The kind of a test delivery: sent to the one subscription it names, whatever kinds it chose. */
export const testWebhookKind = 'webhook.test'

/**
 * Sends a subscription a test delivery: an event of kind `webhook.test` on the subscription itself,
 * written to the outbox like any change, so it is signed, sent, retried and listed exactly as a real
 * delivery is, after the changes already waiting (docs/webhooks.md, "Test deliveries").
 */
export async function sendTestWebhook(ctx: DomainContext, subscriptionId: string) {
  const subscription = await requireWebhookSubscription(ctx, subscriptionId)
  if (subscription.deletedAt) throw domainError('unprocessable', ['This subscription was deleted.'])
  if (subscription.pausedAt) throw domainError('unprocessable', ['This subscription is paused: resume it to send a test delivery.'])
  await writeChanges(ctx, async (tx, changes) => {
    changes.record(testWebhookKind, 'webhook_subscriptions', subscriptionId)
    await recordActivity(tx, ctx, {
      kind: 'webhook.resent', subjectType: 'webhook', subjectId: subscriptionId,
      summary: `A test delivery queued for webhook subscription ${subscriptionId}`
    })
  })
  return { id: subscriptionId, queued: true as const }
}
