import { defineNitroPlugin } from 'nitropack/runtime'
import { startWebhookDeliveryLoop, type DeliveryLoop } from '../domain/webhooks/delivery-loop'
import { useDatabase } from '../utils/database'
import { runtimeSettings } from '../utils/runtime-settings'
import { countTaskRun } from '../utils/metrics'
import { faultSummary, logger } from '../domain/shared/log'

/**
 * Delivers webhooks from this process once the database is ready (docs/webhooks.md); every instance
 * runs it, and the subscriptions' leases share the work. Runs after runtime-settings (plugins run in
 * name order).
 */
export default defineNitroPlugin((nitroApp) => {
  const schoolIds = runtimeSettings.webhookSchools
  if (schoolIds?.length === 0) return
  let loop: DeliveryLoop | undefined
  // A database that cannot be prepared is reported by the database plugin and /health.
  useDatabase().then((database) => {
    loop = startWebhookDeliveryLoop(database, {
      schoolIds,
      onError: error => logger.error({ task: 'webhooks:deliver', fault: faultSummary(error) }, 'webhook delivery failed'),
      onServed: ({ subscriptionId, durationMs, outcome }) => {
        countTaskRun('webhooks:deliver', outcome, durationMs / 1000)
        logger.info({ task: 'webhooks:deliver', subscriptionId, durationMs, outcome }, 'task run')
      }
    })
  }, () => {})
  nitroApp.hooks.hook('close', async () => {
    await loop?.stop()
  })
})
