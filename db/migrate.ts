import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import postgres from 'postgres'
import type { MigrationConfig, MigrationMeta } from 'drizzle-orm/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3'
import type { Database } from './client'

/** Reads one file of a dialect's migrations folder by its path inside it (`meta/_journal.json`, `0000_x.sql`). */
export type MigrationFileReader = (path: string) => string | Promise<string>

/**
 * A dialect's migrations as drizzle's `readMigrationFiles` makes them from a folder (each journal
 * entry's SQL split at its breakpoints and hashed), from any source of the files: the checkout, or the
 * server assets bundled into `.output`, which are never written to disk.
 */
export async function readMigrations(read: MigrationFileReader): Promise<MigrationMeta[]> {
  const journal = JSON.parse(await read('meta/_journal.json')) as { entries: { tag: string, when: number, breakpoints: boolean }[] }
  const migrations: MigrationMeta[] = []
  for (const entry of journal.entries) {
    const query = await read(`${entry.tag}.sql`)
    migrations.push({ sql: query.split('--> statement-breakpoint'), bps: entry.breakpoints, folderMillis: entry.when, hash: createHash('sha256').update(query).digest('hex') })
  }
  return migrations
}

/**
 * The migrations folder beside this module: db/migrations in a checkout (`npm run admin`, `npm start`),
 * `.output/cli/migrations` for the bundled CLI, which the build copies there (modules/admin-cli.ts).
 */
function repositoryMigrations(database: Database) {
  const folder = join(import.meta.dirname, 'migrations', database.dialect)
  return readMigrations(path => readFileSync(join(folder, path), 'utf8'))
}

/**
 * drizzle's migrators only read a folder; the dialect's `migrate`, which they call with what they
 * read, takes the list itself. It is internal to drizzle (pinned in package.json); the migration
 * tests run through it on both databases.
 */
interface MigratingDatabase {
  dialect: { migrate(migrations: MigrationMeta[], session: unknown, config: MigrationConfig): unknown }
  session: unknown
}

const migrationConfig: MigrationConfig = { migrationsFolder: '' }

/** The PostgreSQL advisory lock under which a server migrates and makes its first-start demo school. */
const startLock = 7254001

/** A one-connection client of its own: a session-level lock and the work under it share it, whatever the size of the server's pool. */
async function withStartSession<T>(url: string, work: (session: postgres.Sql) => Promise<T>): Promise<T> {
  const session = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 })
  try {
    await session`select pg_advisory_lock(${startLock})`
    return await work(session)
  } finally {
    await session.end({ timeout: 5 })
  }
}

/** Runs `work` while no other server on this PostgreSQL migrates or starts; on SQLite, as it is. */
export function holdingStartLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  return database.postgresUrl ? withStartSession(database.postgresUrl, work) : work()
}

/** Brings the schema up to date; on PostgreSQL an advisory lock lets several servers start at once. */
export async function migrateDatabase(database: Database, migrations?: MigrationMeta[]) {
  migrations ??= await repositoryMigrations(database)
  if (database.sqliteWriter) {
    const db = drizzleSqlite(database.sqliteWriter) as unknown as MigratingDatabase
    db.dialect.migrate(migrations, db.session, migrationConfig)
    return
  }
  await withStartSession(database.postgresUrl!, async (session) => {
    const db = drizzlePostgres(session) as unknown as MigratingDatabase
    await db.dialect.migrate(migrations, db.session, migrationConfig)
  })
}
