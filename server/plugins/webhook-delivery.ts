import { defineNitroPlugin } from 'nitropack/runtime'
import { startWebhookDeliveryLoop, type DeliveryLoop } from '../domain/webhooks/delivery-loop'
import { useDatabase } from '../utils/database'
import { runtimeSettings } from '../utils/runtime-settings'
import { onServerStopping } from '../utils/shutdown'

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
      onError: error => console.error(`Webhook delivery: ${error instanceof Error ? error.message : String(error)}`)
    })
  }, () => {})
  onServerStopping(async () => {
    await started
    await loop?.stop()
  })
})
