import { defineNitroPlugin } from 'nitropack/runtime'
import { workerQueues } from '../domain/workers/queues'
import { startWorkerLoop, type WorkerLoop } from '../domain/workers/worker-loop'
import { useDatabase } from '../utils/database'
import { firstStartSettled } from '../utils/first-start-settled'
import { runtimeSettings } from '../utils/runtime-settings'
import { isServerStopping, onServerStopping, shutdownGraceMs } from '../utils/shutdown'
import { noteTaskRun } from '../utils/task-run'
import { faultSummary, logger } from '../domain/shared/log'

/**
 * Runs every queue of the server (domain/workers/queues.ts) on the one worker loop once the database
 * is ready; every instance runs them, and the rows' leases share the work. Runs after
 * runtime-settings (plugins run in name order), which says whose webhooks and messages a test server
 * works. At shutdown each loop claims nothing more (nor does one started after the shutdown began),
 * waits for a claim under way at most the shutdown grace (SHUTDOWN_GRACE_SECONDS), and what it holds is
 * finished or handed back for another instance to take up at once instead of after the lease.
 */
export default defineNitroPlugin(() => {
  const loops: WorkerLoop[] = []
  // A database that cannot be prepared is reported by the database plugin and /health.
  // After the first start's demo school is made (utils/first-start-settled.ts): its writes are not the loops' to take.
  const started = useDatabase().then(async (database) => {
    await firstStartSettled()
    for (const queue of workerQueues) {
      const loop = startWorkerLoop(database, queue, runtimeSettings, {
        onWorked: ({ task, outcome, durationMs, note }) => noteTaskRun(task, outcome, durationMs, note, 'info'),
        onIdle: ({ task, durationMs, note }) => noteTaskRun(task, 'ok', durationMs, note, 'debug'),
        onError: (error, task) => logger.error({ task, fault: faultSummary(error) }, `${task} failed`),
        serverStopping: isServerStopping,
        stopWithinMs: shutdownGraceMs()
      })
      if (loop) loops.push(loop)
    }
  }, () => {})
  onServerStopping(async () => {
    await started
    await Promise.all(loops.map(loop => loop.stop()))
  })
})
