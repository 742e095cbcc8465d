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
    migrations.push({ sql: query.split('--> statement-breakpoint'), bps: entry.breakpoints, folderMillis: entry.when, hash: createHash('sha256')
      .update(query).digest('hex') })
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

/** A database that a newer Rollbook has migrated: this version does not know its schema and must not use it. */
export class SchemaTooNewError extends Error {
  constructor(unknown: number) {
    super(
      `The database has ${unknown} migration${unknown === 1 ? '' : 's'} this version of Rollbook does not know: a newer version upgraded it. Run that version, or restore the backup taken before the upgrade (docs/operations.md).`
    )
    this.name = 'SchemaTooNewError'
  }
}

/**
 * drizzle applies the migrations newer than the newest applied one and is silent about applied ones it
 * was not given, so an old server would run on a newer schema. Migrations are forward-only; refuse.
 */
function refuseUnknownMigrations(applied: { created_at: unknown }[], migrations: MigrationMeta[]) {
  const newestKnown = Math.max(0, ...migrations.map(migration => migration.folderMillis))
  const unknown = applied.filter(row => Number(row.created_at) > newestKnown).length
  if (unknown > 0) throw new SchemaTooNewError(unknown)
}

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
export async function migrateDatabase(database: Database, given?: MigrationMeta[]) {
  const migrations = given ?? await repositoryMigrations(database)
  if (database.sqliteWriter) {
    const writer = database.sqliteWriter
    const hasJournal = writer.prepare(`select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'`).get()
    if (hasJournal) refuseUnknownMigrations(writer.prepare('select created_at from __drizzle_migrations').all() as { created_at: unknown }[], migrations)
    const db = drizzleSqlite(writer) as unknown as MigratingDatabase
    db.dialect.migrate(migrations, db.session, migrationConfig)
    return
  }
  await withStartSession(database.postgresUrl!, async (session) => {
    const [journal] = await session`select to_regclass('drizzle.__drizzle_migrations') as name`
    if (journal?.name) refuseUnknownMigrations(await session`select created_at from drizzle.__drizzle_migrations`, migrations)
    const db = drizzlePostgres(session) as unknown as MigratingDatabase
    await db.dialect.migrate(migrations, db.session, migrationConfig)
  })
}
