import { defineTask } from 'nitropack/runtime'
import { useDatabase } from '../../utils/database'
import { loggedRun } from '../../utils/task-run'
import { sweepAllSchools } from '../../domain/retention/nightly-sweep'

/** Nightly: each school's retention due list refreshed, and what has been in it fourteen days erased (docs/retention.md). */
export default defineTask({
  meta: { name: 'retention:sweep', description: 'Work out what has passed its retention period; erase what the office has seen for 14 days' },
  async run() {
    const result = await loggedRun('retention:sweep', async () => sweepAllSchools(await useDatabase()),
      ({ swept, failed }) => ({ schools: swept.length, failed: failed.length }))
    return { result }
  }
})
