import { and, asc, eq, inArray, lt, or, type SQL } from 'drizzle-orm'
import { syncRuns } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import type { SchoolRef } from '../shared/school-ref'
import { domainError } from '../shared/domain-error'
import type { SyncRunView } from '../../../shared/schemas/imports'
import type { SyncRunStatus } from '../../../shared/vocabulary'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'

export type SyncRunRow = typeof syncRuns.$inferSelect

/** The columns of a run that say what it is and did; never the file. */
export const syncRunColumns = {
  id: syncRuns.id, schoolId: syncRuns.schoolId, system: syncRuns.system, scope: syncRuns.scope, status: syncRuns.status,
  reason: syncRuns.reason, confirmed: syncRuns.confirmed, runDay: syncRuns.runDay, rows: syncRuns.rows, done: syncRuns.done,
  created: syncRuns.created, amended: syncRuns.amended, absent: syncRuns.absent, unchanged: syncRuns.unchanged,
  createdAt: syncRuns.createdAt, appliedAt: syncRuns.appliedAt, revertedAt: syncRuns.revertedAt,
  leaseOwner: syncRuns.leaseOwner, leaseUntil: syncRuns.leaseUntil
}

export type SyncRunSummary = Omit<SyncRunRow, 'file' | 'unreadable' | 'problems'>

/**
 * A run not yet applied, cancelled, reverted or failed: the later runs of its school and system
 * wait for it (docs/imports.md, "In the order received").
 */
export const unfinishedSyncStatuses: SyncRunStatus[] = ['queued', 'paused', 'applying']

/**
 * True where a run of the table `earlier` came before the run of `later` (the same table under
 * another name): the order runs are received in, total by the id.
 */
export function receivedBefore(earlier: { createdAt: SQLiteColumn, id: SQLiteColumn }, later: { createdAt: SQLiteColumn, id: SQLiteColumn }): SQL {
  return or(lt(earlier.createdAt, later.createdAt), and(eq(earlier.createdAt, later.createdAt), lt(earlier.id, later.id)))!
}

/**
 * The statuses whose counts are a plan made against the school's people: what a paused run would
 * do, what an applied or reverted one did. Any other run's counts are not known (the worker plans a
 * queued run as it applies it, a confirmed one afresh), and the columns' 0 would read as "nothing".
 */
const plannedSyncStatuses: SyncRunStatus[] = ['paused', 'applied', 'reverted']

/** What the interface, the screens and the CLI show of a run; `waitingFor` is the earlier run it waits for, if any. */
export function syncRunView(row: SyncRunSummary, waitingFor?: string): SyncRunView {
  const planned = plannedSyncStatuses.includes(row.status)
  return {
    id: row.id, status: row.status, system: row.system, scope: row.scope, rows: row.rows, done: row.done,
    created: planned ? row.created : null, amended: planned ? row.amended : null,
    absent: planned ? row.absent : null, unchanged: planned ? row.unchanged : null,
    ...(row.reason ? { reason: row.reason } : {}),
    ...(waitingFor ? { waitingFor } : {}),
    createdAt: row.createdAt,
    ...(row.appliedAt ? { appliedAt: row.appliedAt } : {}),
    ...(row.revertedAt ? { revertedAt: row.revertedAt } : {})
  }
}

/**
 * For each unfinished run of `runs`, the earlier run of its system that it waits for: the oldest
 * unfinished one, since that is the one somebody may have to confirm (a paused run) or that a worker
 * is applying. Runs received later wait for it even across instances: the claim takes only the
 * oldest unfinished run of a school and system (syncRunQueue).
 */
export async function waitingForOf(db: Db, school: SchoolRef, runs: SyncRunSummary[]): Promise<Map<string, string>> {
  const systems = [...new Set(runs.filter(run => unfinishedSyncStatuses.includes(run.status)).map(run => run.system))]
  const waiting = new Map<string, string>()
  if (systems.length === 0) return waiting
  const unfinished = await db.select({ id: syncRuns.id, system: syncRuns.system }).from(syncRuns)
    .where(and(eq(syncRuns.schoolId, school.id), inArray(syncRuns.system, systems), inArray(syncRuns.status, unfinishedSyncStatuses)))
    .orderBy(asc(syncRuns.createdAt), asc(syncRuns.id))
  const oldest = new Map<string, string>()
  for (const run of unfinished) if (!oldest.has(run.system)) oldest.set(run.system, run.id)
  for (const run of runs) {
    const head = oldest.get(run.system)
    if (head && head !== run.id && unfinishedSyncStatuses.includes(run.status)) waiting.set(run.id, head)
  }
  return waiting
}

/** The school's run with this id; `not_found` otherwise. */
export async function requireSyncRun(db: Db, school: SchoolRef, runId: string): Promise<SyncRunSummary> {
  const [row] = await db.select(syncRunColumns).from(syncRuns).where(and(eq(syncRuns.schoolId, school.id), eq(syncRuns.id, runId)))
  if (!row) throw domainError('not_found', [`No sync run with the id ${runId}.`])
  return row
}

/** The school a run belongs to, for callers that know only the run (the CLI). */
export async function schoolIdOfSyncRun(database: Database, runId: string): Promise<string> {
  const [row] = await database.db.select({ schoolId: syncRuns.schoolId }).from(syncRuns).where(eq(syncRuns.id, runId))
  if (!row) throw domainError('not_found', [`No sync run with the id ${runId}.`])
  return row.schoolId
}
