import { setImmediate as nextTurn } from 'node:timers/promises'
import { and, asc, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm'
import { syncRuns } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import type { DomainContext, SchoolRef } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../days/clock'
import { domainError, parseInput } from '../shared/domain-error'
import { peopleSyncInputSchema, type SyncRunView } from '../../../shared/schemas/imports'
import type { SyncRunStatus } from '../../../shared/vocabulary'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { recordActivity } from '../activity/record-activity'
import type { ActivityKind } from '../activity/activity-kinds'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { checkCsvText } from './read-csv'
import { readSyncFile } from './sync-file'

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
 * Stages a people sync (docs/imports.md): the file is read at once. Any unreadable line makes the
 * run `failed`, every such line named, and nothing is applied; otherwise the run is `queued` and a
 * worker applies it (applySyncRun).
 */
export async function stageSync(ctx: DomainContext, input: { system: string, scope: 'full' | 'changes', file: string }) {
  const { system, scope, file } = parseInput(peopleSyncInputSchema, input)
  checkCsvText(file, 'file')
  await nextTurn()
  const read = await readSyncFile(ctx.database.db, ctx.school, file)
  const failed = read.unreadableCount > 0
  const now = timestampNow()
  const row = {
    id: newId('run'),
    schoolId: ctx.school.id,
    system,
    scope,
    status: (failed ? 'failed' : 'queued') as SyncRunStatus,
    reason: failed ? `${read.unreadableCount} line${read.unreadableCount === 1 ? '' : 's'} of the file could not be read; nothing was applied.` : null,
    confirmed: 0,
    runDay: todayInZone(ctx.school.timeZone),
    // A failed run is never applied, so its file is not kept.
    file: failed ? '' : file,
    unreadable: JSON.stringify(read.unreadable),
    problems: JSON.stringify(read.problems),
    rows: read.lines,
    createdAt: now
  }
  return writeChanges(ctx, async (tx, changes) => {
    // The school's lock is held: runs are stamped in the order they are received, whatever the instances' clocks say.
    const [latest] = await tx.select({ createdAt: syncRuns.createdAt }).from(syncRuns)
      .where(and(eq(syncRuns.schoolId, ctx.school.id), eq(syncRuns.system, system))).orderBy(desc(syncRuns.createdAt)).limit(1)
    if (latest && latest.createdAt >= row.createdAt) row.createdAt = new Date(Date.parse(latest.createdAt) + 1).toISOString()
    await tx.insert(syncRuns).values(row)
    changes.record('sync_run.updated', 'sync_runs', row.id)
    const staged = { ...row, done: 0, created: 0, amended: 0, absent: 0, unchanged: 0, appliedAt: null, revertedAt: null, leaseOwner: null, leaseUntil: null }
    const waiting = await waitingForOf(tx, ctx.school, [staged])
    return {
      run: syncRunView(staged, waiting.get(row.id)),
      unreadable: read.unreadable,
      unreadableNotListed: read.unreadableCount - read.unreadable.length,
      problems: read.problems,
      problemsNotListed: read.problemsCount - read.problems.length
    }
  })
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

/** A run with what the file said: its unreadable lines and problems. */
export async function showSyncRun(ctx: DomainContext, runId: string) {
  const { database, school } = ctx
  const run = await requireSyncRun(database.db, school, runId)
  const [detail] = await database.db.select({ unreadable: syncRuns.unreadable, problems: syncRuns.problems }).from(syncRuns).where(eq(syncRuns.id, runId))
  const waiting = await waitingForOf(database.db, school, [run])
  return { run: syncRunView(run, waiting.get(run.id)), unreadable: JSON.parse(detail!.unreadable), problems: JSON.parse(detail!.problems) }
}

/** One page of the school's runs, newest first; `after` is the `[createdAt, id]` of the previous page's last run. */
export async function listSyncRunsPage(ctx: DomainContext, request: { limit: number, after?: [string, string] }) {
  const { database, school } = ctx
  const { after } = request
  const rows = await database.db.select(syncRunColumns).from(syncRuns)
    .where(and(eq(syncRuns.schoolId, school.id), afterPosition(syncRuns.createdAt, syncRuns.id, after, 'desc')))
    .orderBy(desc(syncRuns.createdAt), desc(syncRuns.id)).limit(request.limit + 1)
  const waiting = await waitingForOf(database.db, school, rows.slice(0, request.limit))
  return keysetSlice(rows, request.limit, row => syncRunView(row, waiting.get(row.id)), (last): [string, string] => [last.createdAt, last.id])
}

/** The school's runs, newest first (at most `limit`). */
export async function listSyncRuns(ctx: DomainContext, limit = 100): Promise<SyncRunView[]> {
  return (await listSyncRunsPage(ctx, { limit })).items
}

/** The school a run belongs to, for callers that know only the run (the CLI). */
export async function schoolIdOfSyncRun(database: Database, runId: string): Promise<string> {
  const [row] = await database.db.select({ schoolId: syncRuns.schoolId }).from(syncRuns).where(eq(syncRuns.id, runId))
  if (!row) throw domainError('not_found', [`No sync run with the id ${runId}.`])
  return row.schoolId
}

/** Moves a run from one of `from` to `to`, announcing it; `unprocessable` from any other status. */
async function moveSyncRun(ctx: DomainContext, runId: string, from: SyncRunStatus[], to: Partial<SyncRunRow> & { status: SyncRunStatus }, verb: string, kind: ActivityKind) {
  return writeChanges(ctx, async (tx, changes) => {
    const run = await requireSyncRun(tx, ctx.school, runId)
    if (!from.includes(run.status)) throw domainError('unprocessable', [`The run is ${run.status}; only a ${from.join(' or ')} run can be ${verb}.`])
    const [moved] = await tx.update(syncRuns).set(to).where(and(eq(syncRuns.id, runId), inArray(syncRuns.status, from))).returning(syncRunColumns)
    changes.record('sync_run.updated', 'sync_runs', runId)
    await recordActivity(tx, ctx, { kind, subjectType: 'sync_run', subjectId: runId, summary: `${verb[0]!.toUpperCase()}${verb.slice(1)} the ${run.system} sync run ${runId}`, changes: { status: [run.status, moved!.status] } })
    const waiting = await waitingForOf(tx, ctx.school, [moved!])
    return syncRunView(moved!, waiting.get(runId))
  })
}

/** Somebody at the school confirms a paused run: it is queued again and applies whatever the thresholds say. */
export function confirmSyncRun(ctx: DomainContext, runId: string) {
  return moveSyncRun(ctx, runId, ['paused'], { status: 'queued', confirmed: 1, reason: null }, 'confirmed', 'sync_run.confirmed')
}

/** Somebody at the school cancels a paused or queued run: nothing of it is applied. */
export function cancelSyncRun(ctx: DomainContext, runId: string) {
  return moveSyncRun(ctx, runId, ['paused', 'queued'], { status: 'cancelled', file: '' }, 'cancelled', 'sync_run.cancelled')
}
