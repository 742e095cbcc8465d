import { eq } from 'drizzle-orm'
import { syncRuns } from '../../db/schema'
import type { Database } from '../../db/client'
import { applyNextSyncRun } from '../../server/domain/imports/apply-sync'
import type { SyncRunStatus } from '../../shared/vocabulary'

export interface SyncPerson {
  id: string
  familyName: string
  givenNames: string
  dateOfBirth: string
  yearLevel?: string
}

/** `n` people of a sync file, their ids `S0001`…, born in 2015, in year 3. */
export function syncPeople(n: number, prefix = 'S'): SyncPerson[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${String(i + 1).padStart(5, '0')}`,
    familyName: `Family${i + 1}`,
    givenNames: `Given ${i + 1}`,
    dateOfBirth: `2015-0${1 + (i % 9)}-1${i % 10}`,
    yearLevel: '3'
  }))
}

/** A sync file of these people, lines ending `eol`. */
export function syncFile(rows: SyncPerson[], eol = '\n'): string {
  const quote = (value: string) => /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
  return [
    'id,familyName,givenNames,dateOfBirth,yearLevel',
    ...rows.map(r => [r.id, r.familyName, r.givenNames, r.dateOfBirth, r.yearLevel ?? ''].map(quote).join(','))
  ].join(eol) + eol
}

const settled: SyncRunStatus[] = ['paused', 'applied', 'failed', 'cancelled', 'reverted']

/**
 * Works the queue until the run settles (this process or a test server's worker may apply it; both
 * claim it under a lease), and returns its row.
 */
export async function settleRun(database: Database, runId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const [row] = await database.db.select().from(syncRuns).where(eq(syncRuns.id, runId))
    if (row && settled.includes(row.status)) return row
    if (Date.now() > until) throw new Error(`The run ${runId} is still ${row?.status}`)
    if (!await applyNextSyncRun(database, `test-${process.pid}`)) await new Promise(resolve => setTimeout(resolve, 100))
  }
}
