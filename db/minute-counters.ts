/**
 * Counters per key and minute, for rate limits: bookkeeping that every request writes, kept apart
 * from the school's data so that counting never waits for a school's write.
 *
 * On SQLite they live in a file of their own beside the database, on a connection of their own: the
 * database's single writer may be held for seconds by another process (the CLI's `demo`) or by this
 * one, and a count behind it made every request wait five seconds and fail. A count that still cannot
 * take the counters' file within `busyMs` is not taken (`null`): the caller lets the request through.
 * On PostgreSQL they are a table of the database, counted on connections of their own that do not
 * wait for the disk; a count takes only its own row's lock, so no school's write holds it up.
 *
 * The minute is the database's clock's. PostgreSQL reads `clock_timestamp()` inside the upsert, so
 * instances whose clocks disagree count one minute and see one end to it. A SQLite file is on this
 * machine, and every process that opens it reads this machine's clock, which is then the database's.
 */
import BetterSqlite3 from 'better-sqlite3'
import postgres from 'postgres'
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import * as schema from './schema'
import { minuteCountersPath } from './config'
import { makePrivateFile, tightenExistingFiles } from './private-files'
import type { Db } from './client'

export interface MinuteCount {
  /** This key's count in the minute, this one included. */
  count: number
  /** When the minute ends and when it was counted, in milliseconds by the database's clock. */
  windowEndsAt: number
  now: number
}

export interface MinuteCounters {
  /** Counts one under `key` in the database clock's current minute; null when the counters were too busy to count. */
  add(key: string): Promise<MinuteCount | null>
  /**
   * Where the counters are a table of the database itself (PostgreSQL): runs `read`, a select of one row
   * at most whose `count_key` column names the key to count (null: count nothing), and counts that key in
   * the same statement, so a request's look-up and its count are one round trip. Answers the read's row
   * and its count (null when it counted nothing), or nothing when the read found no row. Absent on
   * SQLite, whose counters are a file of their own.
   */
  readAndAdd?: (read: string, params: unknown[]) => Promise<{ row: Record<string, unknown>, count: MinuteCount | null } | undefined>
  /** Drops the counters of minutes that have ended by the database's clock. */
  sweep(): Promise<void>
  /** The `rate_limit_counters` table where these counters are kept, for reading them. */
  readonly db: Db
  close(): Promise<void>
}

/**
 * How long a SQLite count waits for another process's count or sweep, which take microseconds: kept short because
 * the wait blocks this process (better-sqlite3 is synchronous).
 */
export const sqliteCountBusyMs = 100

const keyInMinute = (key: string, windowStart: number) => `${key}@${windowStart}`

export function sqliteMinuteCounters(databasePath: string, busyMs = sqliteCountBusyMs): MinuteCounters {
  let opened: { connection: BetterSqlite3.Database, add: BetterSqlite3.Statement, sweep: BetterSqlite3.Statement, db: Db } | undefined
  // Opened on first use: the CLI and the tests open the database without ever counting.
  const open = () => {
    if (opened) return opened
    const path = minuteCountersPath(databasePath)
    if (path !== ':memory:') {
      makePrivateFile(path)
      tightenExistingFiles([`${path}-wal`, `${path}-shm`])
    }
    const connection = new BetterSqlite3(path)
    try {
      connection.pragma(`busy_timeout = ${busyMs}`)
      connection.pragma('journal_mode = WAL')
      // A count lost in a crash only lets a few more requests through.
      connection.pragma('synchronous = OFF')
      connection.exec(`create table if not exists rate_limit_counters (
        key text primary key not null, count integer not null, window_ends_at integer not null);
        create index if not exists rate_limit_counters_window_ends_at_idx on rate_limit_counters (window_ends_at)`)
      opened = {
        connection,
        add: connection.prepare(`insert into rate_limit_counters (key, count, window_ends_at) values (?, 1, ?)
          on conflict (key) do update set count = count + 1 returning count`),
        sweep: connection.prepare('delete from rate_limit_counters where window_ends_at < ?'),
        db: drizzleSqlite(connection, { schema })
      }
      return opened
    } catch (error) {
      // Busy while opening too: the next count tries again.
      connection.close()
      throw error
    }
  }
  return {
    async add(key) {
      const now = Date.now()
      const windowStart = now - (now % 60_000)
      try {
        const { count } = open().add.get(keyInMinute(key, windowStart), windowStart + 60_000) as { count: number }
        return { count, windowEndsAt: windowStart + 60_000, now }
      } catch (error) {
        if (/^SQLITE_BUSY/.test((error as { code?: string }).code ?? '')) return null
        throw error
      }
    },
    async sweep() {
      open().sweep.run(Date.now())
    },
    get db() {
      return open().db
    },
    async close() {
      opened?.connection.close()
      opened = undefined
    }
  }
}

/**
 * `read` and the count of the key it names in one statement, the minute from the database's clock. The
 * read's own columns come first; the count's are `counted_*`.
 */
const countAfterRead = (read: string) => `
  with clock as (select floor(extract(epoch from clock_timestamp()) * 1000)::bigint as now_ms),
  source as (${read}),
  counted as (
    insert into rate_limit_counters as counter (key, count, window_ends_at)
    select source.count_key || '@' || (now_ms - now_ms % 60000), 1, now_ms - now_ms % 60000 + 60000 from source, clock
    where source.count_key is not null
    on conflict (key) do update set count = counter.count + 1
    returning counter.count, counter.window_ends_at)
  select source.*, counted.count as counted_count, counted.window_ends_at as counted_window_ends_at, clock.now_ms as counted_now_ms
  from source cross join clock left join counted on true`

const countInDatabaseMinute = countAfterRead('select $1::text as count_key')

type CountedRow = Record<string, unknown> & { counted_count: string | number | null, counted_window_ends_at: string | number, counted_now_ms: string | number }

/** The read's row without the count's columns, and the count. */
function splitCount({ counted_count: count, counted_window_ends_at: windowEndsAt, counted_now_ms: now, ...row }: CountedRow) {
  return { row, count: count === null ? null : { count: Number(count), windowEndsAt: Number(windowEndsAt), now: Number(now) } }
}

export function postgresMinuteCounters(url: string): MinuteCounters {
  let opened: { client: postgres.Sql, db: Db } | undefined
  // All of a key's counts in a minute update one row, so each waited for the previous one's flush to
  // disk; `synchronous_commit = off` answers before it (docs/performance.md).
  const open = () => {
    if (!opened) {
      const client = postgres(url, { max: 2, onnotice: () => {}, connect_timeout: 5, connection: { synchronous_commit: 'off' } })
      opened = { client, db: drizzlePostgres(client, { schema }) as unknown as Db }
    }
    return opened
  }
  return {
    async add(key) {
      const [row] = await open().client.unsafe<CountedRow[]>(countInDatabaseMinute, [key], { prepare: true })
      return splitCount(row!).count
    },
    async readAndAdd(read, params) {
      const [row] = await open().client.unsafe<CountedRow[]>(countAfterRead(read), params as never[], { prepare: true })
      return row && splitCount(row)
    },
    async sweep() {
      await open().client.unsafe('delete from rate_limit_counters where window_ends_at < floor(extract(epoch from clock_timestamp()) * 1000)')
    },
    get db() {
      return open().db
    },
    async close() {
      await opened?.client.end({ timeout: 5 })
      opened = undefined
    }
  }
}
