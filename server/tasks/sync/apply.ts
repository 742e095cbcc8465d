import { defineTask } from 'nitropack/runtime'
import { applyReadySyncRuns } from '../../utils/sync-worker'

/** Applies the people syncs waiting in the queue; the worker loop works the same queue every second. */
export default defineTask({
  meta: { name: 'sync:apply', description: 'Apply queued people sync runs' },
  async run() {
    return { result: { applied: await applyReadySyncRuns() } }
  }
})
