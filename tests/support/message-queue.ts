import type { Database } from '../../db/client'
import { claimMessageBatch, sendMessageBatch, settleMessageWorker, type MessageWorkerOptions } from '../../server/domain/messages/message-delivery'

/**
 * The message queue's own claim and send (what the worker loop runs, messages/delivery-queue.ts),
 * batch after batch until none is ready or `stopping`; returns how many recipients were attempted.
 */
export async function deliverDueMessages(database: Database, options: MessageWorkerOptions = {}): Promise<number> {
  const worker = settleMessageWorker(database, options)
  let attempted = 0
  for (;;) {
    const claimed = await claimMessageBatch(worker)
    if (claimed.length === 0) return attempted
    attempted += await sendMessageBatch(worker, claimed)
  }
}
