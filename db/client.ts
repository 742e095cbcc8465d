/**
 * One way into the data for the server, the CLI and the tests.
 *
 * Reads go through `db`. Every write goes through `transaction`, which is a real transaction on both
 * dialects: on PostgreSQL drizzle's own; on SQLite, where better-sqlite3 refuses async transaction
 * callbacks, `BEGIN IMMEDIATE … COMMIT` on the single writer connection behind a mutex, while reads
 * use a second connection, reads only (query_only), in WAL mode and so never see another request's unfinished work.
 * The hot path of every API request uses `prepared` statements instead (docs/performance.md); their
 * reads run on the writer connection whenever no transaction holds it, which shows the same data.
 * Rate-limit counts go to `minuteCounters`, apart from all of this (db/minute-counters.ts).
 */
import { dirname } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import postgres from 'postgres'
import { Mutex } from 'async-mutex'
import { drizzle as drizzleSqlite, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { Column, fillPlaceholders, is } from 'drizzle-orm'
import * as schema from './schema'
import { readDatabaseConfig, type DatabaseConfig } from './config'
import { postgresMinuteCounters, sqliteMinuteCounters, type MinuteCounters } from './minute-counters'
import { openReplica, type ReplicaLink } from './replica'
import { makePrivateFile, makePrivateFolder, tightenExistingFiles } from './private-files'

/** The query interface the domain is written against; it is the same on both dialects for what we use. */
export type Db = BetterSQLite3Database<typeof schema>

/** A drizzle query built with `sql.placeholder(…)` where its values go, not yet run. */
export interface PreparableQuery<Row> {
  prepare(): { all(values?: Record<string, unknown>): Row[] }
  toSQL(): { sql: string, params: unknown[] }
}

/** Runs a prepared query with values for its placeholders. */
export type PreparedQuery<Row> = (values: Record<string, unknown>) => Promise<Row[]>

export interface Database {
  dialect: DatabaseConfig['dialect']
  db: Db
  /** Runs `work` as one transaction; everything it writes commits together or not at all. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>
  /**
   * The same, for a write that may be skipped: on SQLite, when another process holds the file's
   * write lock it fails at once instead of waiting (better-sqlite3 waits synchronously, holding up
   * every request of this process). On PostgreSQL a wait holds up no other request, so it waits.
   */
  transactionIfFree<T>(work: (tx: Db) => Promise<T>): Promise<T>
  /**
   * The read `build` makes, prepared on first use under `name` (one name, one query) and then run
   * with new placeholder values: a cached statement on SQLite, a server-side prepared statement on
   * PostgreSQL, where drizzle otherwise has every query parsed and planned again. For the hot path of
   * every request (docs/performance.md).
   */
  prepared<Row>(name: string, build: (db: Db) => PreparableQuery<Row>): PreparedQuery<Row>
  /** Counts per key and minute of the database's clock, for rate limits; never behind a school's write. */
  minuteCounters: MinuteCounters
  /** Resolves if the database answers a trivial query. */
  ping(): Promise<void>
  /**
   * Gives the query planner fresh statistics of the tables whose size changed much since it last had
   * them. SQLite has none until asked (`PRAGMA optimize`), and without them chose a school's index over
   * a person's for a person's spans: 25 ms instead of 2 for a directory search at 50,000 people. On
   * PostgreSQL autovacuum does it where it runs; here the tables changed by more than a tenth are
   * analysed, and a process's cached plans are made again. The server asks after its migrations and
   * every ten minutes (platform:sweep), the demo after its bulk load.
   */
  refreshStatistics(): Promise<void>
  close(): Promise<void>
  /** Present on SQLite: the writer connection, for migrations. */
  sqliteWriter?: BetterSqlite3.Database
  /** Present on PostgreSQL: the address migrations connect to on a connection of their own. */
  postgresUrl?: string
  /** Present with `DATABASE_REPLICA_URL`: the streaming replica the lag-tolerant reads may use (db/replica.ts). */
  replica?: ReplicaLink
}

export function openDatabase(config: DatabaseConfig = readDatabaseConfig()): Database {
  return config.dialect === 'sqlite' ? openSqlite(config.path) : openPostgres(config.url, config.replicaUrl)
}

/**
 * How long a SQLite statement waits for another process's write lock before it fails: 5 s, or
 * `ROLLBOOK_SQLITE_BUSY_TIMEOUT_MS` (a whole number of milliseconds). The test suite raises it: a dozen
 * processes share its one file, and on a loaded machine one holding the lock can be descheduled for longer.
 */
const busyTimeoutMs = /^[1-9]\d{0,6}$/.test(process.env.ROLLBOOK_SQLITE_BUSY_TIMEOUT_MS ?? '') ? Number(process.env.ROLLBOOK_SQLITE_BUSY_TIMEOUT_MS) : 5000

function openSqlite(path: string): Database {
  if (path !== ':memory:') {
    // SQLite gives the -wal and -shm files the database file's mode: 0600 here keeps all three private.
    makePrivateFolder(dirname(path))
    makePrivateFile(path)
    tightenExistingFiles([`${path}-wal`, `${path}-shm`])
  }
  const writer = new BetterSqlite3(path)
  writer.pragma('journal_mode = WAL')
  writer.pragma('synchronous = NORMAL')
  writer.pragma(`busy_timeout = ${busyTimeoutMs}`)
  writer.pragma('foreign_keys = ON')
  // Reads only (query_only), but not opened read-only: a read-only connection cannot be told to reload the
  // planner's statistics (refreshStatistics below).
  const reader = new BetterSqlite3(path)
  reader.pragma('query_only = ON')
  reader.pragma(`busy_timeout = ${busyTimeoutMs}`)
  const writeDb = drizzleSqlite(writer, { schema })
  const readDb = drizzleSqlite(reader, { schema })
  const writes = new Mutex()
  const statements = new Map<string, PreparedQuery<unknown>>()
  const minuteCounters = sqliteMinuteCounters(path)
  const transaction = <T>(work: (tx: Db) => Promise<T>, waitForLock: boolean) => writes.runExclusive(async () => {
    if (!waitForLock) writer.pragma('busy_timeout = 0')
    try {
      writer.exec('BEGIN IMMEDIATE')
    } finally {
      if (!waitForLock) writer.pragma(`busy_timeout = ${busyTimeoutMs}`)
    }
    try {
      const result = await work(writeDb)
      writer.exec('COMMIT')
      return result
    } catch (error) {
      if (writer.inTransaction) writer.exec('ROLLBACK')
      throw error
    }
  })
  return {
    dialect: 'sqlite',
    db: readDb,
    sqliteWriter: writer,
    minuteCounters,
    transaction: work => transaction(work, true),
    transactionIfFree: work => transaction(work, false),
    prepared: <Row>(name: string, build: (db: Db) => PreparableQuery<Row>) => {
      let run = statements.get(name) as PreparedQuery<Row> | undefined
      if (run) return run
      const query = build(writeDb)
      const columns = plainColumnsOf(query)
      if (!columns) {
        const onWriter = query.prepare()
        const onReader = build(readDb).prepare()
        run = values => settle(() => (writes.isLocked() ? onReader : onWriter).all(values))
      } else {
        const { sql, params } = query.toSQL()
        const onWriter = writer.prepare(sql).raw()
        const onReader = reader.prepare(sql).raw()
        // A read goes to the writer while no transaction is open there, so it sees exactly what the
        // reader would; the writer keeps its page cache, which the reader drops whenever another
        // connection commits, and that doubled the cost of a people page (docs/performance.md).
        run = values => settle(() => rowsOf((writes.isLocked() ? onReader : onWriter).all(...fillPlaceholders(params, values)) as unknown[][], columns))
      }
      statements.set(name, run as PreparedQuery<unknown>)
      return run
    },
    async ping() {
      reader.prepare('select 1').get()
    },
    refreshStatistics: () => writes.runExclusive(async () => {
      writer.pragma('optimize = 0x10002')
      // The other connection reads the new statistics when told (ANALYZE sqlite_schema writes nothing, but
      // query_only counts it as a write); nothing else runs on it between these synchronous calls.
      reader.pragma('query_only = OFF')
      try {
        reader.exec('ANALYZE sqlite_schema')
      } finally {
        reader.pragma('query_only = ON')
      }
    }),
    async close() {
      await writes.waitForUnlock()
      await minuteCounters.close()
      reader.close()
      writer.close()
    }
  }
}

function openPostgres(url: string, replicaUrl?: string): Database {
  const client = postgres(url, {
    max: postgresPoolSize(),
    onnotice: () => {},
    connect_timeout: 5
  })
  const { db, prepared } = postgresReads(client)
  const minuteCounters = postgresMinuteCounters(url)
  const database: Database = {
    dialect: 'postgresql',
    db,
    postgresUrl: url,
    minuteCounters,
    transaction: work => (db as unknown as { transaction: (fn: (tx: Db) => Promise<unknown>) => Promise<unknown> }).transaction(work) as never,
    transactionIfFree: work => (db as unknown as { transaction: (fn: (tx: Db) => Promise<unknown>) => Promise<unknown> }).transaction(work) as never,
    prepared,
    async ping() {
      await client`select 1`
    },
    // Autovacuum analyses tables by itself where it runs, but it can be off (it is on this project's CI machine),
    // and a process's cached plans outlive a bulk load until the table is analysed. A table is analysed here when
    // it never was, when its file grew by more than a tenth since (its size is known at once), or when the
    // statistics collector counts more than a tenth of it changed (which it learns from the writing connections
    // up to seconds later).
    async refreshStatistics() {
      const stale = await client<{ name: string }[]>`
        select c.relname as name from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_stat_user_tables s on s.relid = c.oid
        where n.nspname = current_schema() and c.relkind = 'r' and (
          c.reltuples < 0
          or pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(c.relpages * 1.1, c.relpages + 8)
          or coalesce(s.n_mod_since_analyze, 0) > greatest(50, coalesce(s.n_live_tup, 0) / 10))`
      for (const { name } of stale) {
        // A table dropped since it was listed (a test's own, or a migration's) is passed over.
        await client.unsafe(`analyze "${name.replaceAll('"', '""')}"`).catch((error: { code?: string }) => {
          if (error.code !== '42P01') throw error
        })
      }
    },
    async close() {
      await Promise.all([client.end({ timeout: 5 }), minuteCounters.close(), database.replica?.close()])
    }
  }
  if (replicaUrl) database.replica = openReplica(database, url, replicaUrl)
  return database
}

/** Connections a PostgreSQL pool of this process holds at most: `DATABASE_POOL_SIZE`, 10 unless set. */
export function postgresPoolSize(): number {
  return Number(process.env.DATABASE_POOL_SIZE ?? 10)
}

/**
 * Reads over a postgres.js pool: drizzle's query builder and `prepared` (see Database). The primary's pool and the
 * replica's (db/replica.ts) both read through this.
 */
export function postgresReads(client: postgres.Sql): Pick<Database, 'db' | 'prepared'> {
  const db = drizzlePostgres(client, { schema }) as unknown as Db
  const statements = new Map<string, PreparedQuery<unknown>>()
  return {
    db,
    prepared: <Row>(name: string, build: (db: Db) => PreparableQuery<Row>) => {
      let run = statements.get(name) as PreparedQuery<Row> | undefined
      if (run) return run
      const query = build(db)
      const columns = plainColumnsOf(query)
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
