/**
 * Another process's long write, as the CLI's `demo` makes one: takes the school `argv[2]`'s write
 * lock (on SQLite `BEGIN IMMEDIATE` on the file, on PostgreSQL the school's row), prints `held`, keeps
 * it for `argv[3]` milliseconds, commits and prints `released`. With `counters` for the school, it
 * holds SQLite's rate-limit counters file the same way. For tests/e2e/api/v1/long-write.test.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import BetterSqlite3 from 'better-sqlite3'
import { eq, sql } from 'drizzle-orm'
import { openDatabase } from '../../db/client'
import { minuteCountersPath, readDatabaseConfig } from '../../db/config'
import { schools } from '../../db/schema'

const [schoolId = '', holdMs = '7000'] = process.argv.slice(2)
const config = readDatabaseConfig()
if (schoolId === 'counters' && config.dialect === 'sqlite') {
  const counters = new BetterSqlite3(minuteCountersPath(config.path))
  counters.pragma('busy_timeout = 5000')
  counters.exec('BEGIN IMMEDIATE')
  process.stdout.write('held\n')
  await sleep(Number(holdMs))
  counters.exec('COMMIT')
  counters.close()
} else {
  const database = openDatabase(config)
  await database.transaction(async (tx) => {
    await tx.update(schools).set({ dataVersion: sql`${schools.dataVersion} + 1` }).where(eq(schools.id, schoolId))
    process.stdout.write('held\n')
    await sleep(Number(holdMs))
  })
  await database.close()
}
process.stdout.write('released\n')
