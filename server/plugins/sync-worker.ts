import { defineNitroPlugin } from 'nitropack/runtime'
import { applyReadySyncRuns } from '../utils/sync-worker'

/** How often each instance looks for queued runs: a run is applied "within a few seconds". */
const pollMs = 1000

/**
 * The people sync worker: every instance polls the queue (the database) each second and applies
 * what it claims. Not a scheduled task: Nitro's scheduler runs no more often than each minute and
 * not under the tests, while a staged run should apply within seconds everywhere.
 */
export default defineNitroPlugin((nitroApp) => {
  const timer = setInterval(() => {
    // A failed turn has written its line already (server/utils/task-run.ts); the next second tries again.
    applyReadySyncRuns().catch(() => {})
  }, pollMs)
  timer.unref()
  nitroApp.hooks.hook('close', () => clearInterval(timer))
})
