import { sql } from 'drizzle-orm'
import { dataReceipts } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { currentTime } from '../shared/clock'
import { faultSummary, logger } from '../shared/log'

type SqliteDb = BetterSQLite3Database<Record<string, never>>

/*
 * Receipts are counted in memory and written every two seconds, a batch a transaction, so a read of a
 * thousand people costs the request a scan of its answer and a thousand map updates, never a write. A
 * process that dies loses at most the last two seconds of counts (docs/receipts.md); a graceful stop
 * writes what it holds.
 */

interface Pending { schoolId: string, tokenId: string, personId: string, day: string, scopes: string, reads: number, lastAt: string }

const flushEveryMs = 2000
/** Past this many pending rows a write starts at once, so memory stays bounded under any load. */
const flushAtRows = 50_000
const rowsPerStatement = 500

/** Pending counts by read (token, day and scopes), then by person: one key made a request, not one a person. */
let pending = new Map<string, Map<string, Pending>>()
let pendingRows = 0
let timer: ReturnType<typeof setInterval> | undefined
let flushing: Promise<void> | undefined
let flushDatabase: Database | undefined

/** Counts one read of each person for the token on the day, under the scopes. */
export function noteReceipts(database: Database, read: { schoolId: string, tokenId: string, day: string, scopes: string }, personIds: Iterable<string>) {
  const lastAt = currentTime().toISOString()
  const readKey = `${read.tokenId} ${read.day} ${read.scopes}`
  let people = pending.get(readKey)
  if (!people) pending.set(readKey, people = new Map())
  for (const personId of personIds) {
    const row = people.get(personId)
    if (row) {
      row.reads++
      row.lastAt = lastAt
    } else {
      people.set(personId, { ...read, personId, reads: 1, lastAt })
      pendingRows++
    }
  }
  flushDatabase = database
  timer ??= setInterval(() => void flushReceipts(database), flushEveryMs).unref()
  if (pendingRows >= flushAtRows) void flushReceipts(database)
}

/** Writes every pending count, adding to what the day's rows hold; one flush at a time. Resolves once written. */
export function flushReceipts(database: Database | undefined = flushDatabase): Promise<void> {
  if (!database) return Promise.resolve()
  flushing = (flushing ?? Promise.resolve()).then(() => writePending(database))
  return flushing
}

const adding = { reads: sql`${dataReceipts.reads} + excluded.reads`, lastAt: sql`excluded.last_at` }
const receiptKey = [dataReceipts.tokenId, dataReceipts.personId, dataReceipts.day, dataReceipts.scopes]

/**
 * SQLite: one statement for one row, prepared once per database and run for each row inside the batch's
 * transaction. A statement of 500 rows, prepared afresh each time, holds 3,500 bound values of native
 * memory that better-sqlite3 frees only when V8 collects its small wrapper: the server's RSS grew by
 * 400 MB in eight seconds of 1000-person pages (docs/performance.md, "Memory under load").
 */
const sqliteUpserts = new WeakMap<Database, { run: (row: Pending) => unknown }>()
function sqliteUpsert(database: Database, tx: Db) {
  let upsert = sqliteUpserts.get(database)
  if (!upsert) {
    const columns = ['schoolId', 'tokenId', 'personId', 'day', 'scopes', 'reads', 'lastAt'] as const satisfies readonly (keyof Pending)[]
    const placeholders = Object.fromEntries(columns.map(column => [column, sql.placeholder(column)]))
    const prepared = (tx as unknown as SqliteDb).insert(dataReceipts).values(placeholders as never).onConflictDoUpdate({ target: receiptKey, set: adding }).prepare()
    upsert = { run: row => prepared.run(row as never) }
    sqliteUpserts.set(database, upsert)
  }
  return upsert
}

async function writePending(database: Database) {
  if (!pendingRows) return
  const rows = [...pending.values()].flatMap(people => [...people.values()])
  pending = new Map()
  pendingRows = 0
  try {
    for (let i = 0; i < rows.length; i += rowsPerStatement) {
      const batch = rows.slice(i, i + rowsPerStatement)
      await database.transaction(async (tx) => {
        if (database.dialect === 'sqlite') {
          const upsert = sqliteUpsert(database, tx)
          for (const row of batch) upsert.run(row)
        } else {
          await tx.insert(dataReceipts).values(batch).onConflictDoUpdate({ target: receiptKey, set: adding })
        }
      })
    }
  } catch (error) {
    logger.error({ fault: faultSummary(error), rows: rows.length }, 'Writing data-access receipts failed; these counts are lost')
  }
}
