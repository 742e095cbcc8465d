import { defineTask } from 'nitropack/runtime'
import { syncApplyQueue } from '../../domain/imports/apply-queue'
import { runQueueTask } from '../../utils/queue-task'

/** Applies the people syncs waiting in the queue, through the worker loop's own queue, which it works every second too. */
export default defineTask({
  meta: { name: 'sync:apply', description: 'Apply queued people sync runs' },
  async run() {
    return { result: { applied: await runQueueTask('sync:apply', syncApplyQueue, undefined, 'applied') } }
  }
})
