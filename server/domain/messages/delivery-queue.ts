import { onOutboxCommit } from '../shared/outbox-signal'
import { defineWorkerQueue } from '../workers/worker-loop'
import { claimMessageBatch, sendMessageBatch, settleMessageWorker } from './message-delivery'

/** What a process's settings say of message delivery: whose messages it sends (none: no loop) and the lease. */
export interface MessageQueueSettings {
  messageSchools?: readonly string[]
  messageLeaseMs?: number
}

/**
 * Message delivery as a queue of the worker loop (docs/messages.md, "Delivery"): a batch of a few
 * recipients at a time, sent one mail after another through one pooled connection; it wakes as soon
 * as a write of this process commits (a message queues its deliveries in one) and every two seconds
 * for other processes' messages and retries come due. A stopping loop finishes the mail in flight
 * and frees the rows not reached.
 */
export const messageDeliveryQueue = defineWorkerQueue<MessageQueueSettings>(({ database, owner, stopping }, settings) => {
  if (settings.messageSchools?.length === 0) return undefined
  const worker = settleMessageWorker(database, { owner, stopping, schoolIds: settings.messageSchools, leaseMs: settings.messageLeaseMs })
  return {
    task: 'messages:deliver',
    pollMs: 2000,
    wakeSignal: onOutboxCommit,
    claim: async () => {
      const batch = await claimMessageBatch(worker)
      return batch.length ? [batch] : []
    },
    work: batch => sendMessageBatch(worker, batch),
    // Ids and counts only: never a message, an address or a child's name.
    noteOf: (_batch, attempted) => ({ attempted })
  }
})
