import { sql, type SQL } from 'drizzle-orm'
import type { Database, Db } from './client'

/**
 * Holds `key` until the transaction `tx` ends: a second transaction asking for the same key waits for the
 * first to commit. PostgreSQL only (an advisory transaction lock); SQLite runs one write transaction at a
 * time already, so there it does nothing.
 */
export async function holdUntilCommit(database: Database, tx: Db, key: string): Promise<void> {
  if (database.dialect !== 'postgresql') return
  await (tx as unknown as { execute(query: SQL): Promise<unknown> }).execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}
