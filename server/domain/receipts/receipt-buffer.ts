import { dataReceipts, onerosterReceipts } from '../../../db/schema'
import { bulkInsert } from '../../../db/bulk-insert'
import type { Database } from '../../../db/client'
import { currentTime } from '../days/clock'
import { compareText } from '../shared/compare-text'
import { faultSummary, logger } from '../shared/log'

/*
 * Receipts are counted in memory and written every two seconds, a batch a transaction, so a read of a
 * thousand people costs the request a scan of its answer and a thousand map updates, never a write. A
 * process that dies loses at most the last two seconds of counts (docs/receipts.md); a graceful stop
 * writes what it holds.
 */

/** Who read: an API token (`tok_…`, kept in `data_receipts`) or a OneRoster client (`orc_…`, kept in `oneroster_receipts`). */
export type Reader = 'token' | 'oneroster'

interface Pending { via: Reader, schoolId: string, tokenId: string, personId: string, day: string, scopes: string, reads: number, lastAt: string }

const flushEveryMs = 2000
/** Past this many pending rows a write starts at once, so memory stays bounded under any load. */
const flushAtRows = 50_000
const rowsPerTransaction = 2000

/** Pending counts by read (token, day and scopes), then by person: one key made a request, not one a person. */
let pending = new Map<string, Map<string, Pending>>()
let pendingRows = 0
let timer: ReturnType<typeof setInterval> | undefined
let flushing: Promise<void> | undefined
let flushDatabase: Database | undefined

/** Counts one read of each person for the token (or OneRoster client, `via: 'oneroster'`) on the day, under the scopes. */
export function noteReceipts(
  database: Database, read: { schoolId: string, tokenId: string, day: string, scopes: string, via?: Reader }, personIds: Iterable<string>
) {
  const lastAt = currentTime().toISOString()
  const via = read.via ?? 'token'
  const readKey = `${via} ${read.tokenId} ${read.day} ${read.scopes}`
  let people = pending.get(readKey)
  if (!people) pending.set(readKey, people = new Map())
  for (const personId of personIds) {
    const row = people.get(personId)
    if (row) {
      row.reads++
      row.lastAt = lastAt
    } else {
      people.set(personId, { ...read, via, personId, reads: 1, lastAt })
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

/*
 * Written a slice a transaction through bulkInsert's upsert: on PostgreSQL one `insert … select from
 * unnest(…)` of a few arrays a slice, where drizzle's multi-row insert of 500 rows took the event loop
 * milliseconds to build every two seconds (the people row's p99 on PostgreSQL, docs/performance.md); on
 * SQLite one single-row statement prepared for the slice. In key order, so two instances writing the
 * same rows take their locks in the same order and never wait on each other in a circle.
 */
async function writePending(database: Database) {
  if (!pendingRows) return
  const rows = [...pending.values()].flatMap(people => [...people.values()]).sort(byReceiptKey)
  pending = new Map()
  pendingRows = 0
  try {
    for (let i = 0; i < rows.length; i += rowsPerTransaction) {
      const slice = rows.slice(i, i + rowsPerTransaction)
      const byToken = slice.filter(row => row.via === 'token').map(({ via: _, ...row }) => row)
      const byClient = slice.filter(row => row.via === 'oneroster').map(({ via: _, tokenId, ...row }) => ({ ...row, clientId: tokenId }))
      await database.transaction(async (tx) => {
        await bulkInsert(tx, dataReceipts, byToken, { target: ['tokenId', 'personId', 'day', 'scopes'], add: ['reads'], replace: ['lastAt'] })
        await bulkInsert(tx, onerosterReceipts, byClient, { target: ['clientId', 'personId', 'day', 'scopes'], add: ['reads'], replace: ['lastAt'] })
      })
    }
  } catch (error) {
    logger.error({ fault: faultSummary(error), rows: rows.length }, 'Writing data-access receipts failed; these counts are lost')
  }
}

function byReceiptKey(a: Pending, b: Pending): number {
  return compareText(a.via, b.via) || compareText(a.tokenId, b.tokenId) || compareText(a.personId, b.personId) || compareText(a.day, b.day)
    || compareText(a.scopes, b.scopes)
}
