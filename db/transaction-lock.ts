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

/**
 * Holds the school's row until `tx` ends: the lock every write of the school's data takes first
 * (writeChanges bumps the school's data version), for a write that is not the school's data (staff
 * access) but rests on a check another such write could break, such as "another administrator remains".
 * PostgreSQL only; on SQLite the one writer holds the whole file already.
 */
export async function holdSchoolUntilCommit(database: Database, tx: Db, schoolId: string): Promise<void> {
  if (database.dialect !== 'postgresql') return
  await (tx as unknown as { execute(query: SQL): Promise<unknown> }).execute(sql`select id from schools where id = ${schoolId} for update`)
}
