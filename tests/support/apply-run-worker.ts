/**
 * A worker process for tests/integration/imports/sync-crash.test.ts: applies the run `argv[2]`,
 * already leased to `argv[3]`, and is killed by the test while it does.
 */
import { openDatabase } from '../../db/client'
import { applySyncRun } from '../../server/domain/imports/apply-sync'

const [runId = '', owner = ''] = process.argv.slice(2)
const database = openDatabase()
process.stdout.write(`${await applySyncRun(database, runId, owner)}\n`)
await database.close()
