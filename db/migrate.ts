import { join } from 'node:path'
import postgres from 'postgres'
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3'
import type { Database } from './client'

/** The committed migrations of the repository, for callers running from a checkout (CLI, tests). */
export function repositoryMigrationsFolder(database: Database) {
  return join(import.meta.dirname, 'migrations', database.dialect)
}

/** Brings the schema up to date; on PostgreSQL an advisory lock lets several servers start at once. */
export async function migrateDatabase(database: Database, migrationsFolder = repositoryMigrationsFolder(database)) {
  if (database.sqliteWriter) {
    migrateSqlite(drizzleSqlite(database.sqliteWriter), { migrationsFolder })
    return
  }
  // A client of its own with one connection: the session-level lock and every migration share it,
  // whatever the size of the server's pool.
  const session = postgres(database.postgresUrl!, { max: 1, onnotice: () => {}, connect_timeout: 5 })
  try {
    await session`select pg_advisory_lock(7254001)`
    await migratePostgres(drizzlePostgres(session), { migrationsFolder })
  } finally {
    await session.end({ timeout: 5 })
  }
}
