import { join } from 'node:path'
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
  const client = database.postgresClient!
  const lockHolder = await client.reserve()
  try {
    await lockHolder`select pg_advisory_lock(7254001)`
    await migratePostgres(drizzlePostgres(client), { migrationsFolder })
  } finally {
    await lockHolder`select pg_advisory_unlock(7254001)`
    lockHolder.release()
  }
}
