/**
 * One worker process for tests/integration/db/claim-rows.test.ts: once told `go` on stdin, claims
 * batches of the test queue as `argv[2]` until none is left, then prints every id it claimed as JSON.
 */
import { once } from 'node:events'
import { setTimeout as sleep } from 'node:timers/promises'
import { openDatabase } from '../../db/client'
import { claimRows } from '../../db/claim-rows'
import { testQueue } from './claim-queue'

const [owner = 'worker', batch = '10'] = process.argv.slice(2)
const database = openDatabase()
await database.ping()
process.stdout.write('ready\n')
await once(process.stdin, 'data')
const claimed: string[] = []
for (;;) {
  const rows = await claimRows(database, testQueue, { owner, limit: Number(batch), leaseMs: 600_000 })
  if (rows.length === 0) break
  claimed.push(...rows.map(row => row.id))
  // A worker works on its batch before it claims the next; on SQLite, a writer that never paused
  // would take the lock again before the other process's retry came round.
  await sleep(1)
}
await database.close()
process.stdout.write(JSON.stringify(claimed) + '\n')
process.stdin.destroy()
