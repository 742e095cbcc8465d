import { onOutboxCommit } from '../shared/outbox-signal'
import { defineWorkerQueue } from '../workers/worker-loop'
import { claimWebhookSubscriptions, serveWebhookSubscription } from './delivery-worker'

/** What a process's settings say of webhook delivery: whose subscriptions it serves (none: no loop) and the lease. */
export interface WebhookQueueSettings {
  webhookSchools?: readonly string[]
  webhookLeaseMs?: number
}

/**
 * Webhook delivery as a queue of the worker loop (docs/webhooks.md): it wakes as soon as a write of
 * this process commits events (writeChanges says so), and polls for everything else: other
 * processes' writes, retries that came due, tokens set again. Each claimed subscription is served on
 * its own, up to 32 at once, so a slow receiver holds its own subscription only; a stopping loop
 * frees each after its delivery in flight.
 */
export const webhookDeliveryQueue = defineWorkerQueue<WebhookQueueSettings>(({ database, owner, stopping }, settings) => {
  if (settings.webhookSchools?.length === 0) return undefined
  const worker = { owner, stopping, schoolIds: settings.webhookSchools, leaseMs: settings.webhookLeaseMs }
  return {
    task: 'webhooks:deliver',
    pollMs: 1000,
    concurrency: 32,
    wakeSignal: onOutboxCommit,
    schoolOf: subscription => subscription.schoolId,
    claim: room => claimWebhookSubscriptions(database, worker, room),
    work: subscription => serveWebhookSubscription(database, subscription, worker),
    noteOf: subscription => ({ subscriptionId: subscription.id })
  }
})
