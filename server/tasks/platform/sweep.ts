import { defineTask } from 'nitropack/runtime'
import { useDatabase } from '../../utils/database'
import { sweepRateLimitCounters } from '../../utils/rate-limit'
import { sweepIdempotencyKeys } from '../../utils/idempotency'

/** Every ten minutes: drop rate-limit counters of ended minutes and idempotency keys past 24 hours. Any instance may run it. */
export default defineTask({
  meta: { name: 'platform:sweep', description: 'Drop ended rate-limit counters and expired idempotency keys' },
  async run() {
    const database = await useDatabase()
    await sweepRateLimitCounters(database)
    await sweepIdempotencyKeys(database)
    return { result: 'swept' }
  }
})
