import { defineTask } from 'nitropack/runtime'
import { useDatabase } from '../../utils/database'
import { loggedRun } from '../../utils/task-run'
import { isServerStopping, onServerStopping } from '../../utils/shutdown'
import { sweepAllSchools } from '../../domain/retention/nightly-sweep'
import { workerOwner } from '../../domain/workers/worker-driver'

const owner = workerOwner()

/**
 * Hourly, in every instance: each school's retention due list refreshed, and what has been in it fourteen days erased
 * (docs/retention.md), once a school and day: the first run of a school's day claims it, a later one takes up a school
 * whose sweep failed or whose instance died. A stopping server waits for the run, which frees the school in hand after
 * the person in hand.
 */
export default defineTask({
  meta: { name: 'retention:sweep', description: 'Work out what has passed its retention period; erase what the office has seen for 14 days' },
  async run() {
    const result = await loggedRun('retention:sweep', async () => {
      const run = sweepAllSchools(await useDatabase(), { owner, stopping: isServerStopping })
      const forget = onServerStopping(() => run.catch(() => {}))
      try {
        return await run
      } finally {
        forget()
      }
    }, ({ swept, failed }) => ({ schools: swept.length, failed: failed.length }))
    return { result }
  }
})
