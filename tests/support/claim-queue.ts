import { asc, lte, sql } from 'drizzle-orm'
import { bigint, table, text } from '../../db/dialect'
import type { Database } from '../../db/client'
import type { ClaimQueue } from '../../db/claim-rows'

/** A queue table for the claim tests only, made by `createTestQueue`: no migration carries it. */
export const testQueueRows = table('claim_test_rows', {
  id: text('id').primaryKey(),
  nextAttemptAt: bigint('next_attempt_at').notNull(),
  leaseOwner: text('lease_owner'),
  leaseUntil: bigint('lease_until')
})

export const testQueue = {
  table: testQueueRows,
  id: testQueueRows.id,
  leaseOwner: testQueueRows.leaseOwner,
  leaseUntil: testQueueRows.leaseUntil,
  ready: now => lte(testQueueRows.nextAttemptAt, now),
  order: [asc(testQueueRows.nextAttemptAt), asc(testQueueRows.id)]
} satisfies ClaimQueue<typeof testQueueRows>

/** Runs one statement of plain SQL on the writer. */
export function runSql(database: Database, statement: string) {
  return database.transaction(async (tx) => {
    if (database.dialect === 'sqlite') tx.run(sql.raw(statement))
    else await (tx as unknown as { execute(query: unknown): Promise<unknown> }).execute(sql.raw(statement))
  })
}

/** (Re)creates the test queue with `count` rows, all ready since `readyAt`. */
export async function createTestQueue(database: Database, count: number, readyAt = 0) {
  await runSql(database, 'drop table if exists claim_test_rows')
  await runSql(database, 'create table claim_test_rows (id text primary key, next_attempt_at bigint not null, lease_owner text, lease_until bigint)')
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({ id: `row-${String(start + i).padStart(5, '0')}`, nextAttemptAt: readyAt }))
    await database.transaction(tx => tx.insert(testQueueRows).values(rows))
  }
}
