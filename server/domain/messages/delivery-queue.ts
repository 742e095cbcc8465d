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
 * recipients at a time, sent one mail after another through a connection of the pool; it wakes as soon
 * as a write of this process commits (a message queues its deliveries in one) and every two seconds
 * for other processes' messages and retries come due. A stopping loop finishes the mail in flight
 * and frees the rows not reached.
 */
function recipientDeliveryQueue(task: string, concurrency: number, emergenciesOnly: boolean) {
  return defineWorkerQueue<MessageQueueSettings>(({ database, owner, stopping }, settings) => {
    if (settings.messageSchools?.length === 0) return undefined
    const worker = settleMessageWorker(database, { owner, stopping, schoolIds: settings.messageSchools, leaseMs: settings.messageLeaseMs, emergenciesOnly })
    return {
      task,
      pollMs: 2000,
      concurrency,
      wakeSignal: onOutboxCommit,
      claim: async (room) => {
        const batches = []
        for (let batch; batches.length < room && (batch = await claimMessageBatch(worker)).length;) batches.push(batch)
        return batches
      },
      work: batch => sendMessageBatch(worker, batch),
      // Ids and counts only: never a message, an address or a child's name.
      noteOf: (_batch, attempted) => ({ attempted })
    }
  })
}

export const messageDeliveryQueue = recipientDeliveryQueue('messages:deliver', 1, false)

/**
 * An emergency's mail (docs/notifications.md, "Emergencies") has a queue of its own besides: four batches at once,
 * each on a connection of the pool (send-mail.ts), so ten thousand are at the mail server within two minutes
 * (docs/performance.md, "Notifications"), where the one-at-a-time queue above took the better part of three. A server
 * killed mid-send may send again a mail another batch had on the wire (at least once across the mail server's
 * boundary, as texts and pushes); every other message keeps the exactly-once of one mail at a time.
 */
export const emergencyMessageQueue = recipientDeliveryQueue('messages:emergency', 4, true)
