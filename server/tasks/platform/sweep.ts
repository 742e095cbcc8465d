import { defineTask } from 'nitropack/runtime'
import { useDatabase } from '../../utils/database'
import { sweepRateLimitCounters } from '../../utils/rate-limit'
import { sweepIdempotencyKeys } from '../../utils/idempotency'
import { loggedRun } from '../../utils/task-run'
import { pruneReceipts } from '../../domain/receipts/receipts'

/**
 * Every ten minutes: drop rate-limit counters of ended minutes, idempotency keys past 24 hours and data-access
 * receipts past the school's period for them (13 months by default) and the retention sweep's fourteen days, and give the
 * query planner fresh statistics where a table grew or shrank much (a people sync, an import). Any instance may run it.
 */
export default defineTask({
  meta: { name: 'platform:sweep', description: 'Drop ended rate-limit counters, expired idempotency keys and old receipts; refresh the planner\'s statistics' },
  async run() {
    await loggedRun('platform:sweep', async () => {
      const database = await useDatabase()
      await sweepRateLimitCounters(database)
      await sweepIdempotencyKeys(database)
      await pruneReceipts(database)
      await database.refreshStatistics()
    }, () => ({}))
    return { result: 'swept' }
  }
})
