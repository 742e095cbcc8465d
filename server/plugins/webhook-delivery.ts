import { defineNitroPlugin } from 'nitropack/runtime'
import { startWebhookDeliveryLoop, type DeliveryLoop } from '../domain/webhooks/delivery-loop'
import { useDatabase } from '../utils/database'
import { runtimeSettings } from '../utils/runtime-settings'
import { onServerStopping } from '../utils/shutdown'
import { noteTaskRun } from '../utils/task-run'
import { faultSummary, logger } from '../domain/shared/log'

/**
 * Delivers webhooks from this process once the database is ready (docs/webhooks.md); every instance
 * runs it, and the subscriptions' leases share the work. Runs after runtime-settings (plugins run in
 * name order). At shutdown each subscription in hand is freed after its delivery in flight, so
 * another instance takes it up at once instead of after the lease.
 */
export default defineNitroPlugin(() => {
  const schoolIds = runtimeSettings.webhookSchools
  if (schoolIds?.length === 0) return
  let loop: DeliveryLoop | undefined
  // A database that cannot be prepared is reported by the database plugin and /health.
  const started = useDatabase().then((database) => {
    loop = startWebhookDeliveryLoop(database, {
      schoolIds,
      leaseMs: runtimeSettings.webhookLeaseMs,
      onError: error => logger.error({ task: 'webhooks:deliver', fault: faultSummary(error) }, 'webhook delivery failed'),
      onServed: ({ subscriptionId, durationMs, outcome }) => noteTaskRun('webhooks:deliver', outcome, durationMs, { subscriptionId }, 'info')
    })
  }, () => {})
  onServerStopping(async () => {
    await started
    await loop?.stop()
  })
})
