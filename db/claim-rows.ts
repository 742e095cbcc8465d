/**
 * The database as a queue, for workers (webhook deliveries, sync runs, exports): a worker claims
 * ready rows under a lease, works on them outside any transaction, then releases each row with its
 * outcome. A lease is an owner and an end (`lease_until`, milliseconds since the epoch); a row whose
 * lease has ended is ready again, so the rows of a worker that died are taken up by another.
 *
 * On PostgreSQL the claim is one `UPDATE … WHERE id IN (SELECT … ORDER BY … LIMIT n FOR UPDATE SKIP
 * LOCKED) RETURNING …`: workers claiming at once pass over each other's rows instead of waiting for
 * them, and a row whose lease another worker renewed meanwhile is checked again and left alone. On
 * SQLite the same update runs on the single writer (`BEGIN IMMEDIATE`), which serialises claims
 * across processes too.
 */
import { and, eq, getTableColumns, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Database, Db } from './client'
import { commitWithoutWaitingForDisk } from './relaxed-commit'

/** A table used as a queue: its id, the two lease columns, when a row is ready and in what order rows are claimed. */
export interface ClaimQueue<T extends SQLiteTable> {
  table: T
  id: SQLiteColumn
  /** Text, null while no worker holds the row. */
  leaseOwner: SQLiteColumn
  /** Milliseconds since the epoch (`bigint`), null while no worker holds the row. */
  leaseUntil: SQLiteColumn
  /** What else makes a row ready at `now`, e.g. `lte(t.nextAttemptAt, now)` and a pending status. */
  ready?: (now: number) => SQL | undefined
  /** The order rows are claimed in; end it with the id so the order is total. */
  order: (SQLiteColumn | SQL)[]
  /**
   * Claims commit without waiting for PostgreSQL's disk (relaxed-commit.ts): for a queue whose claim lost in a crash
   * of the database is only a lease gone, the row claimed again and its work done again (the delivery queues).
   */
  relaxedCommit?: boolean
}

export interface ClaimOptions {
  /** The claiming worker, unique to it (e.g. host, process id and a random part). */
  owner: string
  limit: number
  /** How long the worker may hold the rows before another may claim them. */
  leaseMs: number
  now?: number
}

type Row<T extends SQLiteTable> = T['$inferSelect']

/** Claims up to `limit` ready rows whose lease is free or ended for `owner`, and returns them (in no particular order). */
export function claimRows<T extends SQLiteTable>(database: Database, queue: ClaimQueue<T>, options: ClaimOptions): Promise<Row<T>[]> {
  const now = options.now ?? Date.now()
  return database.transaction(async (tx) => {
    if (queue.relaxedCommit) await commitWithoutWaitingForDisk(database, tx)
    const free = or(isNull(queue.leaseUntil), lte(queue.leaseUntil, now))
    const candidates = tx.select({ id: queue.id }).from(queue.table as SQLiteTable).where(and(free, queue.ready?.(now))).orderBy(...queue.order)
      .limit(options.limit)
    const locked = database.dialect === 'postgresql'
      ? (candidates as unknown as { for(strength: 'update', config: { skipLocked: true }): typeof candidates }).for('update', { skipLocked: true })
      : candidates
    return await updateOf(tx, queue, { [keyOf(queue, queue.leaseOwner)]: options.owner, [keyOf(queue, queue.leaseUntil)]: now + options.leaseMs })
      .where(inArray(queue.id, locked)).returning() as Row<T>[]
  })
}

/** Extends `owner`'s lease on a row to `leaseMs` from now; false when the row is no longer `owner`'s. */
export async function renewLease<T extends SQLiteTable>(
  database: Database, queue: ClaimQueue<T>, id: string | number, options: Omit<ClaimOptions, 'limit'>
): Promise<boolean> {
  const until = (options.now ?? Date.now()) + options.leaseMs
  return database.transaction(async tx => Boolean(await extendLease(tx, queue, id, options.owner, until)))
}

/**
 * Inside a write of the worker's, extends `owner`'s lease on a row to `until` and sets `changes` on
 * it; undefined, changing nothing, when the row is no longer `owner`'s. `check`, a condition on the
 * row, is answered by the same statement (`passed`; true without one), so a worker that must ask
 * something of its row at every step (may it still send?) asks it without a statement of its own.
 */
export async function extendLease<T extends SQLiteTable>(
  tx: Db, queue: ClaimQueue<T>, id: string | number, owner: string, until: number, changes: Partial<T['$inferInsert']> = {}, check?: SQL
): Promise<{ passed: boolean } | undefined> {
  const [extended] = await updateOf(tx, queue, { ...changes, [keyOf(queue, queue.leaseUntil)]: until })
    .where(and(eq(queue.id, id), eq(queue.leaseOwner, owner)))
    .returning({ passed: check ? sql<number>`case when ${check} then 1 else 0 end` : sql<number>`1` })
  return extended && { passed: Number(extended.passed) === 1 }
}

/** The id of a row of the queue. */
export function rowId<T extends SQLiteTable>(queue: ClaimQueue<T>, row: T['$inferSelect']): string | number {
  return (row as Record<string, string | number>)[keyOf(queue, queue.id)]!
}

/**
 * Inside the worker's write of its outcome, frees a row `owner` holds and sets `changes` on it (a
 * new status, the next attempt's time); false, changing nothing, when the row is no longer `owner`'s.
 */
export async function releaseRow<T extends SQLiteTable>(
  tx: Db, queue: ClaimQueue<T>, id: string | number, owner: string, changes: Partial<T['$inferInsert']> = {}
): Promise<boolean> {
  const released = await updateOf(tx, queue, { ...changes, [keyOf(queue, queue.leaseOwner)]: null, [keyOf(queue, queue.leaseUntil)]: null })
    .where(and(eq(queue.id, id), eq(queue.leaseOwner, owner))).returning({ id: queue.id })
  return released.length > 0
}

function updateOf<T extends SQLiteTable>(tx: Db, queue: ClaimQueue<T>, values: Record<string, unknown>) {
  return tx.update(queue.table as SQLiteTable).set(values)
}

/** drizzle sets values by the table's property names, not by column. */
function keyOf(queue: ClaimQueue<SQLiteTable>, column: SQLiteColumn): string {
  const entry = Object.entries(getTableColumns(queue.table)).find(([, candidate]) => candidate === column)
  if (!entry) throw new Error(`The column ${column.name} is not a column of the queue's table`)
  return entry[0]
}
