import { hostname } from 'node:os'
import { randomUUID } from 'node:crypto'
import { defineTask } from 'nitropack/runtime'
import { useDatabase } from '../../utils/database'
import { isServerStopping, onServerStopping } from '../../utils/shutdown'
import { produceDueExports } from '../../domain/exports/nightly'
import { configuredExportStorage } from '../../domain/exports/storage/export-storage'

const owner = `${hostname()} ${process.pid} ${randomUUID()}`

/**
 * Every quarter hour: produce the files of each school whose 02:00 has passed since its last night.
 * Any instance may run it. A stopping server waits for the run, which frees its night after the batch in hand.
 */
export default defineTask({
  meta: { name: 'exports:produce', description: 'Produce each school\'s nightly warehouse files after 02:00 in its own time zone' },
  async run() {
    const run = produceDueExports(await useDatabase(), { storage: configuredExportStorage(), owner, stopping: isServerStopping })
    const forget = onServerStopping(() => run.catch(() => {}))
    try {
      const { produced, failed } = await run
      for (const failure of failed) console.error(`exports:produce: school ${failure.schoolId}, night ${failure.night}: ${failure.error}`)
      return { result: { produced: produced.length, failed: failed.length } }
    } finally {
      forget()
    }
  }
})
