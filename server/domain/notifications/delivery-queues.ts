import { defineWorkerQueue, type QueueWorker } from '../workers/worker-loop'
import { batchDeliveryQueue, type MessageQueueSettings } from '../messages/delivery-queue'
import { claimDeliveries, sendDeliveryBatch, settleChannelWorker, type ChannelSender, type Delivery } from './channel-delivery'
import { claimDueDigests, emailDigestSender, gatherDigests } from './digests'
import { pushSender } from './pushes'
import { textSender } from './texts'

/**
 * A channel's deliveries as a queue of the worker loop (docs/notifications.md, "Delivery"): a queue of its
 * own per channel, so a text gateway's outage holds the texts alone. It wakes when a write of this process
 * commits (a message queues its texts and pushes in one) and every two seconds for other processes' work.
 * The schools sent for are the message worker's (a test server sends only its own test's).
 */
function channelQueue(task: string, sender: () => ChannelSender, concurrency: number) {
  return batchDeliveryQueue<Delivery>(task, concurrency, ({ database, owner, stopping }, settings) => {
    const worker = settleChannelWorker(database, sender(), { owner, stopping, schoolIds: settings.messageSchools, leaseMs: settings.messageLeaseMs })
    return { claim: () => claimDeliveries(worker), sendBatch: batch => sendDeliveryBatch(worker, batch) }
  })
}

// Batches at once: each waits on its gateway between sends, so a few at once keep it busy (an emergency's ten
// thousand within two minutes, docs/performance.md); texts are still spaced to the gateway's rate by one limiter.
// Texts eight: Kannel takes a text that asks for delivery reports in about 30 ms (it stores the report's address
// first), so four at once reached 130 a second and eight 230 (docs/performance.md, "Notifications").
export const textDeliveryQueue = channelQueue('texts:deliver', textSender, 8)
export const pushDeliveryQueue = channelQueue('push:deliver', pushSender, 4)
// Four batches at once on the mail pool's connections (send-mail.ts), as an emergency's mail: a day's digests for twenty
// thousand adults are at the mail server within the minute (docs/performance.md; eight at once were no faster). A server
// killed mid-send may send again a digest another batch had on the wire (at least once, as texts and pushes).
export const digestMailQueue = channelQueue('digests:mail', () => emailDigestSender(), 4)

/** Each school's digests gathered at its digest time, looked for each half minute (digests.ts). */
export const digestGatherQueue = defineWorkerQueue<MessageQueueSettings>(({ database, stopping }: QueueWorker, settings) => {
  if (settings.messageSchools?.length === 0) return undefined
  return {
    task: 'digests:gather',
    pollMs: 30_000,
    claim: async () => stopping() ? [] : claimDueDigests(database, settings.messageSchools),
    work: schoolId => gatherDigests(database, schoolId),
    noteOf: (schoolId, digests) => ({ schoolId, digests })
  }
})
