/**
 * An export worker for tests/integration/exports/killed-worker.test.ts: produces the night due at
 * `argv[3]` for school `argv[2]` in batches of ten rows, says `mid-file` once it is part-way into the
 * first file, and then waits there to be killed.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { openDatabase } from '../../db/client'
import { produceDueExports } from '../../server/domain/exports/nightly'
import { configuredExportStorage } from '../../server/domain/exports/storage/export-storage'

const [schoolId = '', now = ''] = process.argv.slice(2)
const database = openDatabase()
await produceDueExports(database, {
  storage: configuredExportStorage(),
  owner: 'doomed-worker',
  schoolIds: [schoolId],
  now: new Date(now),
  batchSize: 10,
  onProgress: async () => {
    process.stdout.write('mid-file\n')
    await sleep(600_000)
  }
})
