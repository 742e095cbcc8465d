import { defineTask } from 'nitropack/runtime'
import { pruneWebhookDeliveries } from '../../domain/webhooks/deliveries'
import { useDatabase } from '../../utils/database'
import { runtimeSettings } from '../../utils/runtime-settings'
import { loggedRun } from '../../utils/task-run'

/** Daily: drop delivered and cancelled webhook deliveries past the retention. Any instance may run it. */
export default defineTask({
  meta: { name: 'webhooks:prune', description: 'Drop delivered webhook deliveries past their retention' },
  async run() {
    const pruned = await loggedRun('webhooks:prune',
      async () => pruneWebhookDeliveries(await useDatabase(), { retentionDays: runtimeSettings.webhookRetentionDays }),
      pruned => ({ pruned }))
    return { result: { pruned } }
  }
})
