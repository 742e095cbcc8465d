import type { Database } from '../../db/client'
import {
  claimDeliveries, sendDeliveryBatch, settleChannelWorker, type ChannelSender, type ChannelWorkerOptions
} from '../../server/domain/notifications/channel-delivery'

/**
 * A channel's own claim and send (what the worker loop runs, notifications/delivery-queues.ts), batch
 * after batch until none is ready; returns how many deliveries were attempted.
 */
export async function deliverDueNotices(database: Database, sender: ChannelSender, options: ChannelWorkerOptions = {}): Promise<number> {
  const worker = settleChannelWorker(database, sender, options)
  let attempted = 0
  for (;;) {
    const claimed = await claimDeliveries(worker)
    if (claimed.length === 0) return attempted
    attempted += await sendDeliveryBatch(worker, claimed)
  }
}

/** Waits for `check` to hold, polling: for what another process (Kannel, the server) does in its own time. */
export async function eventually<T>(find: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await find()
    if (found !== undefined && found !== false) return found
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`)
    await new Promise(done => setTimeout(done, 50))
  }
}
