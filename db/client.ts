/**
 * One way into the data for the server, the CLI and the tests.
 *
 * Reads go through `db`. Every write goes through `transaction`, which is a real transaction on both
 * dialects: on PostgreSQL drizzle's own; on SQLite, where better-sqlite3 refuses async transaction
 * callbacks, `BEGIN IMMEDIATE … COMMIT` on the single writer connection behind a mutex, while reads
 * use a second, read-only connection in WAL mode and so never see another request's unfinished work.
 * The hot path of every API request uses `prepared` statements instead (docs/performance.md); their
 * reads run on the writer connection whenever no transaction holds it, which shows the same data.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import postgres from 'postgres'
import { Mutex } from 'async-mutex'
import { drizzle as drizzleSqlite, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { Column, fillPlaceholders, is } from 'drizzle-orm'
import * as schema from './schema'
import { readDatabaseConfig, type DatabaseConfig } from './config'

/** The query interface the domain is written against; it is the same on both dialects for what we use. */
export type Db = BetterSQLite3Database<typeof schema>

/** A drizzle query built with `sql.placeholder(…)` where its values go, not yet run. */
export interface PreparableQuery<Row> {
  prepare(): { all(values?: Record<string, unknown>): Row[] }
  toSQL(): { sql: string, params: unknown[] }
}

/** Runs a prepared query with values for its placeholders. */
export type PreparedQuery<Row> = (values: Record<string, unknown>) => Promise<Row[]>

export interface PreparedQueryOptions {
  /** A write: one statement, atomic by itself, so it needs no transaction around it. */
  write?: boolean
  /**
   * `false` for a write whose loss in a crash does no harm (a rate-limit count): PostgreSQL then
   * answers before the write reaches the disk (`synchronous_commit = off`, on connections of its
   * own), as SQLite in WAL mode with `synchronous = NORMAL` does for every write. Such a write is
   * never torn or reordered; the last moments of them may be lost when the server crashes.
   */
  durable?: boolean
}

export interface Database {
  dialect: DatabaseConfig['dialect']
  db: Db
  /** Runs `work` as one transaction; everything it writes commits together or not at all. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>
  /**
   * The query `build` makes, prepared on first use under `name` (one name, one query) and then run
   * with new placeholder values: a cached statement on SQLite, a server-side prepared statement on
   * PostgreSQL, where drizzle otherwise has every query parsed and planned again. For the hot path of
   * every request (docs/performance.md).
   */
  prepared<Row>(name: string, build: (db: Db) => PreparableQuery<Row>, options?: PreparedQueryOptions): PreparedQuery<Row>
  /** Resolves if the database answers a trivial query. */
  ping(): Promise<void>
  close(): Promise<void>
  /** Present on SQLite: the writer connection, for migrations. */
  sqliteWriter?: BetterSqlite3.Database
  /** Present on PostgreSQL: the address migrations connect to on a connection of their own. */
  postgresUrl?: string
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
    prepared: <Row>(name: string, build: (db: Db) => PreparableQuery<Row>, options: PreparedQueryOptions = {}) => {
      let run = statements.get(name) as PreparedQuery<Row> | undefined
      if (run) return run
      const query = build(writeDb)
      const columns = plainColumnsOf(query)
      if (options.write || !columns) {
        const onWriter = query.prepare()
        const onReader = options.write ? onWriter : build(readDb).prepare()
        run = options.write
          ? values => write(() => onWriter.all(values))
          : values => settle(() => (writes.isLocked() ? onReader : onWriter).all(values))
      } else {
        const { sql, params } = query.toSQL()
        const onWriter = writer.prepare(sql).raw()
        const onReader = reader.prepare(sql).raw()
        // A read goes to the writer while no transaction is open there, so it sees exactly what the
        // reader would; the writer keeps its page cache, which the reader drops after every commit
        // (every request's rate-limit count is one), and that doubled the cost of a people page.
        run = values => settle(() => rowsOf((writes.isLocked() ? onReader : onWriter).all(...fillPlaceholders(params, values)) as unknown[][], columns))
      }
      statements.set(name, run as PreparedQuery<unknown>)
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
  // Connections for writes that need not wait for the disk; opened on first use.
  let relaxed: { client: postgres.Sql, db: Db } | undefined
  const relaxedWrites = () => {
    if (!relaxed) {
      const relaxedClient = postgres(url, { max: 2, onnotice: () => {}, connect_timeout: 5, connection: { synchronous_commit: 'off' } })
      relaxed = { client: relaxedClient, db: drizzlePostgres(relaxedClient, { schema }) as unknown as Db }
    }
    return relaxed.db
  }
  const statements = new Map<string, PreparedQuery<unknown>>()
  return {
    dialect: 'postgresql',
    db,
    postgresUrl: url,
    transaction: work => (db as unknown as { transaction: (fn: (tx: Db) => Promise<unknown>) => Promise<unknown> }).transaction(work) as never,
    prepared: <Row>(name: string, build: (db: Db) => PreparableQuery<Row>, options: PreparedQueryOptions = {}) => {
      let run = statements.get(name) as PreparedQuery<Row> | undefined
      if (run) return run
      const query = build(options.write && options.durable === false ? relaxedWrites() : db)
      const columns = options.write ? undefined : plainColumnsOf(query)
      if (columns) {
        const { sql, params } = query.toSQL()
        run = async values => rowsOf(await client.unsafe(sql, fillPlaceholders(params, values) as never[], { prepare: true }).values(), columns)
      } else {
        // drizzle's PostgreSQL builders take the statement's name; naming one is what makes it prepared.
        const statement = (query as unknown as { prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> } }).prepare(name)
        run = values => statement.execute(values)
      }
      statements.set(name, run as PreparedQuery<unknown>)
      return run
    },
    async ping() {
      await client`select 1`
    },
    async close() {
      await Promise.all([client.end({ timeout: 5 }), relaxed?.client.end({ timeout: 5 })])
    }
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

/**
 * The columns of a select of plain columns (`{ id: people.id, … }`), in the order its SQL lists them;
 * nothing for other queries. Rows of such a select are mapped by `rowsOf`, which costs a fraction of
 * drizzle's general mapping (a third of the people page's time went there).
 */
function plainColumnsOf(query: unknown): [string, Column][] | undefined {
  const selection = (query as { getSelectedFields?: () => Record<string, unknown> }).getSelectedFields?.()
  if (!selection) return undefined
  const columns = Object.entries(selection)
  return columns.every(([, field]) => is(field, Column)) ? columns as [string, Column][] : undefined
}

function rowsOf<Row>(rows: unknown[][], columns: [string, Column][]): Row[] {
  return rows.map((values) => {
    const row: Record<string, unknown> = {}
    for (let i = 0; i < columns.length; i++) {
      const [key, column] = columns[i]!
      const value = values[i]
      row[key] = value === null ? null : column.mapFromDriverValue(value)
    }
    return row as Row
  })
}
