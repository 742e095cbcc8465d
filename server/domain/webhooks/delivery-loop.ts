import type { Database } from '../../../db/client'
import { onOutboxCommit } from '../shared/outbox-signal'
import { workerOwner } from '../workers/worker-driver'
import { claimWebhookSubscriptions, serveWebhookSubscription, type DeliveryWorkerOptions } from './delivery-worker'

export interface DeliveryLoopOptions extends DeliveryWorkerOptions {
  /** How often to look for other processes' changes and for retries that came due. */
  pollMs?: number
  /** Subscriptions served at once by this process. */
  concurrency?: number
  /** Where a failure of the loop itself is reported (never a delivery's failure: that is recorded on it). */
  onError?: (error: unknown) => void
  /** Told of each subscription served to the end (or failed), for the log and the metrics. */
  onServed?: (served: { subscriptionId: string, durationMs: number, outcome: 'ok' | 'failed' }) => void
}

export interface DeliveryLoop {
  stop(): Promise<void>
}

/**
 * Runs the delivery worker for as long as the process lives: it wakes as soon as a write of this
 * process commits events (writeChanges says so), and polls for everything else: other processes'
 * writes, retries that came due, tokens set again. Each claimed subscription is served on its own,
 * so a slow receiver holds its own subscription only.
 */
export function startWebhookDeliveryLoop(database: Database, options: DeliveryLoopOptions = {}): DeliveryLoop {
  const { pollMs = 1000, concurrency = 32, onError = () => {}, onServed = () => {}, ...worker } = options
  let stopped = false
  const settled = { ...worker, owner: worker.owner ?? workerOwner(), stopping: () => stopped }
  const serving = new Map<string, { schoolId: string, done: Promise<void> }>()
  let claiming: Promise<void> | undefined
  let claimAgain = false

  function claim() {
    if (claiming) {
      claimAgain = true
      return claiming
    }
    claiming = claimWhileRoom().finally(() => {
      claiming = undefined
    })
    return claiming
  }

  async function claimWhileRoom() {
    try {
      do {
        claimAgain = false
        const room = concurrency - serving.size
        if (room <= 0 || stopped) break
        for (const subscription of await claimWebhookSubscriptions(database, settled, room)) {
          const startedAt = performance.now()
          const served = (outcome: 'ok' | 'failed') => onServed({ subscriptionId: subscription.id, durationMs: Math.round((performance.now() - startedAt) * 10) / 10, outcome })
          const done = serveWebhookSubscription(database, subscription, settled).then(() => served('ok'), (error) => {
            served('failed')
            onError(error)
          }).finally(() => {
            serving.delete(subscription.id)
            wake()
          })
          serving.set(subscription.id, { schoolId: subscription.schoolId, done })
        }
      } while (claimAgain)
    } catch (error) {
      onError(error)
    }
  }

  const wake = () => {
    if (!stopped) void claim()
  }
  const poll = setInterval(wake, pollMs)
  poll.unref()
  // A school being served is read again before its subscription is freed, and freeing wakes the loop.
  const stopListening = onOutboxCommit((schoolId) => {
    if (![...serving.values()].some(entry => entry.schoolId === schoolId)) wake()
  })
  wake()

  return {
    async stop() {
      // Each subscription being served is freed after the delivery in hand (settled.stopping).
      stopped = true
      clearInterval(poll)
      stopListening()
      // A claim under way adds to what is being served; wait for it before waiting for those.
      await claiming
      await Promise.all([...serving.values()].map(entry => entry.done))
    }
  }
}
