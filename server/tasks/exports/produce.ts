import { defineTask } from 'nitropack/runtime'
import { useDatabase } from '../../utils/database'
import { isServerStopping, onServerStopping } from '../../utils/shutdown'
import { produceDueExports } from '../../domain/exports/nightly'
import { workerOwner } from '../../domain/workers/worker-driver'
import { configuredExportStorage } from '../../domain/exports/storage/export-storage'
import { countExportProduction } from '../../utils/metrics'
import { faultSummary, logger } from '../../domain/shared/log'
import { loggedRun } from '../../utils/task-run'

const owner = workerOwner()

/**
 * Every quarter hour: produce the files of each school whose 02:00 has passed since its last night.
 * Any instance may run it. A stopping server waits for the run, which frees its night after the batch in hand.
 */
export default defineTask({
  meta: { name: 'exports:produce', description: 'Produce each school\'s nightly warehouse files after 02:00 in its own time zone' },
  async run() {
    const { produced, failed } = await loggedRun('exports:produce', async () => {
      const run = produceDueExports(await useDatabase(), { storage: configuredExportStorage(), owner, stopping: isServerStopping })
      const forget = onServerStopping(() => run.catch(() => {}))
      try {
        const outcome = await run
        for (const night of outcome.produced) countExportProduction('produced', night.durationMs / 1000)
        for (const failure of outcome.failed) {
          countExportProduction('failed', failure.durationMs / 1000)
          logger.error({ task: 'exports:produce', schoolId: failure.schoolId, night: failure.night, fault: faultSummary(failure.fault) }, 'export night failed')
        }
        return outcome
      } finally {
        forget()
      }
    }, outcome => ({ produced: outcome.produced.length, failed: outcome.failed.length }))
    return { result: { produced: produced.length, failed: failed.length } }
  }
})
