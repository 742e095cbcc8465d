import { defineNitroPlugin } from 'nitropack/runtime'
import { applyReadySyncRuns, syncWorkerIdle } from '../utils/sync-worker'
import { onServerStopping } from '../utils/shutdown'

/** How often each instance looks for queued runs: a run is applied "within a few seconds". */
const pollMs = 1000

/**
 * The people sync worker: every instance polls the queue (the database) each second and applies
 * what it claims. Not a scheduled task: Nitro's scheduler runs no more often than each minute and
 * not under the tests, while a staged run should apply within seconds everywhere. At shutdown it
 * claims nothing more and hands back the run in hand, unapplied.
 */
export default defineNitroPlugin(() => {
  const timer = setInterval(() => {
    // A failed turn has written its line already (server/utils/task-run.ts); the next second tries again.
    applyReadySyncRuns().catch(() => {})
  }, pollMs)
  timer.unref()
  onServerStopping(() => {
    clearInterval(timer)
    return syncWorkerIdle()
  })
})
