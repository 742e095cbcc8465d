/**
 * One way into the data for the server, the CLI and the tests.
 *
 * Reads go through `db`. Every write goes through `transaction`, which is a real transaction on both
 * dialects: on PostgreSQL drizzle's own; on SQLite, where better-sqlite3 refuses async transaction
 * callbacks, `BEGIN IMMEDIATE … COMMIT` on the single writer connection behind a mutex, while reads
 * use a second, read-only connection in WAL mode and so never see another request's unfinished work.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import postgres from 'postgres'
import { Mutex } from 'async-mutex'
import { drizzle as drizzleSqlite, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import * as schema from './schema'
import { readDatabaseConfig, type DatabaseConfig } from './config'

/** The query interface the domain is written against; it is the same on both dialects for what we use. */
export type Db = BetterSQLite3Database<typeof schema>

/** A drizzle query built with `sql.placeholder(…)` where its values go, not yet run. */
export interface PreparableQuery<Row> {
  prepare(): { all(values?: Record<string, unknown>): Row[] }
}

/** Runs a prepared query with values for its placeholders. */
export type PreparedQuery<Row> = (values: Record<string, unknown>) => Promise<Row[]>

export interface Database {
  dialect: DatabaseConfig['dialect']
  db: Db
  /** Runs `work` as one transaction; everything it writes commits together or not at all. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>
  /** Runs one statement that is atomic by itself (a counter upsert) without a transaction around it. */
  writeStatement<T>(work: (db: Db) => Promise<T>): Promise<T>
  /**
   * The query `build` makes, prepared on first use under `name` (one name, one query) and then run
   * with new placeholder values: a cached statement on SQLite, a server-side prepared statement on
   * PostgreSQL, where drizzle otherwise has every query parsed and planned again. For the hot path of
   * every request; `write` runs it on the writer as one atomic statement, like `writeStatement`.
   */
  prepared<Row>(name: string, build: (db: Db) => PreparableQuery<Row>, options?: { write?: boolean }): PreparedQuery<Row>
  /** Resolves if the database answers a trivial query. */
  ping(): Promise<void>
  close(): Promise<void>
  /** Present on SQLite: the writer connection, for migrations. */
  sqliteWriter?: BetterSqlite3.Database
  /** Present on PostgreSQL: the raw client, for migrations and advisory locks. */
  postgresClient?: postgres.Sql
}

export function openDatabase(config: DatabaseConfig = readDatabaseConfig()): Database {
  return config.dialect === 'sqlite' ? openSqlite(config.path) : openPostgres(config.url)
}

function openSqlite(path: string): Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const writer = new BetterSqlite3(path)
  writer.pragma('journal_mode = WAL')
  writer.pragma('synchronous = NORMAL')
  writer.pragma('busy_timeout = 5000')
  writer.pragma('foreign_keys = ON')
  const reader = new BetterSqlite3(path, { readonly: true })
  reader.pragma('busy_timeout = 5000')
  const writeDb = drizzleSqlite(writer, { schema })
  const readDb = drizzleSqlite(reader, { schema })
  const writes = new Mutex()
  // A statement on the writer runs at once when no transaction holds it (better-sqlite3 is
  // synchronous, so nothing can start one meanwhile) and waits its turn otherwise.
  const write = <T>(statement: () => T): Promise<T> => writes.isLocked() ? writes.runExclusive(statement) : settle(statement)
  const statements = new Map<string, PreparedQuery<unknown>>()
  return {
    dialect: 'sqlite',
    db: readDb,
    sqliteWriter: writer,
    transaction: work => writes.runExclusive(async () => {
      writer.exec('BEGIN IMMEDIATE')
      try {
        const result = await work(writeDb)
        writer.exec('COMMIT')
        return result
      } catch (error) {
        if (writer.inTransaction) writer.exec('ROLLBACK')
        throw error
      }
    }),
    writeStatement: work => writes.runExclusive(() => work(writeDb)),
    prepared: <Row>(name: string, build: (db: Db) => PreparableQuery<Row>, options: { write?: boolean } = {}) => {
      let run = statements.get(name) as PreparedQuery<Row> | undefined
      if (!run) {
        const statement = build(options.write ? writeDb : readDb).prepare()
        run = options.write ? values => write(() => statement.all(values)) : values => settle(() => statement.all(values))
        statements.set(name, run as PreparedQuery<unknown>)
      }
      return run
    },
    async ping() {
      reader.prepare('select 1').get()
    },
    async close() {
      await writes.waitForUnlock()
      reader.close()
      writer.close()
    }
  }
}

function openPostgres(url: string): Database {
  const client = postgres(url, {
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    onnotice: () => {},
    connect_timeout: 5
  })
  const db = drizzlePostgres(client, { schema }) as unknown as Db
  const statements = new Map<string, PreparedQuery<unknown>>()
  return {
    dialect: 'postgresql',
    db,
    postgresClient: client,
    transaction: work => (db as unknown as { transaction: (fn: (tx: Db) => Promise<unknown>) => Promise<unknown> }).transaction(work) as never,
    writeStatement: work => work(db),
    prepared: <Row>(name: string, build: (db: Db) => PreparableQuery<Row>) => {
      let run = statements.get(name) as PreparedQuery<Row> | undefined
      if (!run) {
        // drizzle's PostgreSQL builders take the statement's name; naming one is what makes it prepared.
        const statement = (build(db) as unknown as { prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> } }).prepare(name)
        run = values => statement.execute(values)
        statements.set(name, run as PreparedQuery<unknown>)
      }
      return run
    },
    async ping() {
      await client`select 1`
    },
    close: () => client.end({ timeout: 5 })
  }
}

/** Runs a synchronous step, turning a throw into a rejection as an async step would. */
function settle<T>(step: () => T): Promise<T> {
  try {
    return Promise.resolve(step())
  } catch (error) {
    return Promise.reject(error)
  }
}
