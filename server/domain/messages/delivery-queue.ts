import { onOutboxCommit } from '../shared/outbox-signal'
import { defineWorkerQueue, type QueueWorker } from '../workers/worker-loop'
import type { messageRecipients } from '../../../db/schema'
import { claimMessageBatch, sendMessageBatch, settleMessageWorker } from './message-delivery'

/** What a process's settings say of message delivery: whose messages it sends (none: no loop) and the lease. */
export interface MessageQueueSettings {
  messageSchools?: readonly string[]
  messageLeaseMs?: number
}

/**
 * A queue of the worker loop over batches of due rows, for every channel a message goes on (this file's mail,
 * notifications/delivery-queues.ts's texts, pushes and digests): up to `concurrency` batches at once, claimed while
 * there is room, woken by this process's commits and every two seconds. The schools sent for are the message worker's.
 */
export function batchDeliveryQueue<Row>(task: string, concurrency: number,
  settle: (worker: QueueWorker, settings: MessageQueueSettings) => { claim: () => Promise<Row[]>, sendBatch: (batch: Row[]) => Promise<number> }) {
  return defineWorkerQueue<MessageQueueSettings>((worker, settings) => {
    if (settings.messageSchools?.length === 0) return undefined
    const { claim, sendBatch } = settle(worker, settings)
    return {
      task,
      pollMs: 2000,
      concurrency,
      wakeSignal: onOutboxCommit,
      claim: async (room) => {
        const batches: Row[][] = []
        for (let batch; batches.length < room && (batch = await claim()).length;) batches.push(batch)
        return batches
      },
      work: sendBatch,
      // Ids and counts only: never a message, an address, a number, an endpoint or a child's name.
      noteOf: (_batch, attempted) => ({ attempted })
    }
  })
}

type MessageRecipient = typeof messageRecipients.$inferSelect

/**
 * Message delivery as a queue of the worker loop (docs/messages.md, "Delivery"): a batch of a few
 * recipients at a time, sent one mail after another through a connection of the pool; it wakes as soon
 * as a write of this process commits (a message queues its deliveries in one) and every two seconds
 * for other processes' messages and retries come due. A stopping loop finishes the mail in flight
 * and frees the rows not reached.
 */
function recipientDeliveryQueue(task: string, concurrency: number, emergenciesOnly: boolean) {
  return batchDeliveryQueue<MessageRecipient>(task, concurrency, ({ database, owner, stopping }, settings) => {
    const worker = settleMessageWorker(database, { owner, stopping, schoolIds: settings.messageSchools, leaseMs: settings.messageLeaseMs, emergenciesOnly })
    return { claim: () => claimMessageBatch(worker), sendBatch: batch => sendMessageBatch(worker, batch) }
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
