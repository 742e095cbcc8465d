import { sql, type SQL } from 'drizzle-orm'
import type { Database, Db } from './client'

/**
 * Lets PostgreSQL answer this transaction's commit before its WAL is on disk (`synchronous_commit = off`, for this
 * transaction alone), for a queue's bookkeeping whose loss in a crash of the database only means work done again:
 * a delivery's outcome lost with the last fraction of a second before PostgreSQL or its machine crashed leaves the
 * row to be sent again once its lease ends (at least once, as across every gateway's boundary). A Rollbook process
 * killed loses nothing: the commit is in PostgreSQL's memory, on disk within its WAL writer's delay. It is what
 * SQLite's WAL with `synchronous = NORMAL` (db/client.ts) gives every write already. An emergency's 34,000
 * hand-overs each waited for a flush of the WAL (docs/performance.md, "Notifications").
 */
export async function commitWithoutWaitingForDisk(database: Database, tx: Db): Promise<void> {
  if (database.dialect !== 'postgresql') return
  await (tx as unknown as { execute(query: SQL): Promise<unknown> }).execute(sql`set local synchronous_commit = off`)
}
