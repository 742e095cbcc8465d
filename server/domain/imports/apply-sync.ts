import { and, eq, inArray, ne, or, sql } from 'drizzle-orm'
import { holdUntilCommit } from '../../../db/transaction-lock'
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { affiliations, people, personSourceIds, syncRunChanges, syncRuns } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import type { ClaimQueue } from '../../../db/claim-rows'
import { claimWork, LeaseLost, runClaim, type Claim, type WorkerLease } from '../workers/worker-driver'
import { systemContext, type DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { timestampNow } from '../days/clock'
import { isNotEndedBefore } from '../days/in-force'
import { lastDayWithin } from '../days/close-span'
import { requireSchool } from '../schools/find-school'
import { personRow } from '../people/person-record'
import { nameSortKey } from '../people/name-key'
import { affiliationRow } from '../affiliations/open-affiliation'
import { groupBy, sourceIdMap } from './source-ids'
import { bulkInsert, bulkUpdate } from '../../../db/bulk-insert'
import { readSyncFile, type SyncRow } from './sync-file'
import { receivedBefore, syncRunColumns, unfinishedSyncStatuses, type SyncRunSummary } from './sync-runs'
import { compareText } from '../shared/compare-text'

const earlierRunsName = 'earlier_runs'
const earlierRuns = alias(syncRuns, earlierRunsName)

/**
 * Runs wait here for a worker: queued ones, and applying ones whose worker's lease ended (it died),
 * each only once every run of its school and system received before it is finished (applied,
 * cancelled, reverted or failed). The order is kept by the claim itself, in its one statement,
 * whatever the instance or lease: a paused run, or an applying one whose worker died and whose lease
 * has not ended, holds every later run of its system until it is confirmed, cancelled or applied.
 */
export const syncRunQueue: ClaimQueue<typeof syncRuns> = {
  table: syncRuns,
  id: syncRuns.id,
  leaseOwner: syncRuns.leaseOwner,
  leaseUntil: syncRuns.leaseUntil,
  ready: () => and(
    inArray(syncRuns.status, ['queued', 'applying']),
    sql`not exists (select 1 from ${syncRuns} as ${sql.identifier(earlierRunsName)} where ${and(
      eq(earlierRuns.schoolId, syncRuns.schoolId), eq(earlierRuns.system, syncRuns.system),
      inArray(earlierRuns.status, unfinishedSyncStatuses), receivedBefore(earlierRuns, syncRuns))})`
  ),
  order: [syncRuns.createdAt, syncRuns.id]
}

/** How long a worker holds a run before another may take it; renewed while it applies. */
const leaseMs = 60_000
/** Rows written at once, and between progress notes (and lease renewals on PostgreSQL). */
const sliceRows = 5_000

type Counts = Pick<SyncRunSummary, 'created' | 'amended' | 'absent' | 'unchanged'>

/** Why a run pauses before anything is applied, or null: the thresholds of the interface (part 8). */
export function pauseReason(counts: Counts, syncedBefore: number, firstRun: boolean): string | null {
  if (firstRun) return 'This is the system\'s first run: confirm it to apply.'
  if (counts.absent * 100 > syncedBefore * 2) return `${counts.absent} of the ${syncedBefore} people synced before would be absent (more than 2%).`
  const changed = counts.amended + counts.created
  if (changed * 100 > syncedBefore * 20) return `${changed} of the ${syncedBefore} people synced before would be amended or created (more than 20%).`
  return null
}

class Paused extends Error {
  constructor(readonly reason: string, readonly counts: Counts) {
    super(reason)
  }
}

type PersonFields = { familyName: string, givenNames: string, dateOfBirth: string | null, preferredLanguage: string | null }
type SpanFields = { validFrom: string, validTo: string | null, yearLevel: string | null, campusId: string | null }
type ChangeRow = typeof syncRunChanges.$inferInsert

/** The fields of `after` that differ from `before`: what a change records, field by field. */
function differences<T extends object>(before: T, after: Partial<T>): Partial<T> | null {
  const changed: Partial<T> = {}
  let any = false
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] !== undefined && after[key] !== before[key]) {
      changed[key] = after[key]
      any = true
    }
  }
  return any ? changed : null
}

function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map(key => [key, row[key]])) as Pick<T, K>
}

const personKeys = ['familyName', 'givenNames', 'dateOfBirth', 'preferredLanguage'] as const
const spanKeys = ['validFrom', 'validTo', 'yearLevel', 'campusId'] as const

/** What an amendment sets on a person: the fields that changed, and the name's sort key when a name did. */
function personSet(update: { id: string, before: PersonFields, after: Partial<PersonFields> }, now: string) {
  const { before, after } = update
  const renamed = after.familyName !== undefined || after.givenNames !== undefined
  return {
    id: update.id, ...after,
    ...(renamed ? { nameKey: nameSortKey(after.familyName ?? before.familyName, after.givenNames ?? before.givenNames) } : {}), updatedAt: now
  }
}

/** Rows read at once by id. */
const idsPerRead = 1_000

/**
 * The rows `ids` of `table` as they are now, with the fields `keys`, locked on PostgreSQL until the
 * run commits (on SQLite the one writer is the run's already). The plan was read before the
 * school's lock (`lockSchool: 'last'`), so a write may have landed on a record since: what a change
 * records as replaced is read here, as it is written, and undo restores exactly that.
 */
async function lockedRows<K extends string>(
  tx: Db, dialect: Database['dialect'], table: typeof people | typeof affiliations, keys: readonly K[], ids: string[]
) {
  const current = new Map<string, Record<K, unknown>>()
  const columns =
    Object.fromEntries(['id', ...keys].map(key => [key, (table as unknown as Record<string, SQLiteColumn>)[key]!])) as Record<'id' | K, SQLiteColumn>
  for (let i = 0; i < ids.length; i += idsPerRead) {
    const read = tx.select(columns).from(table as typeof people).where(inArray(table.id, ids.slice(i, i + idsPerRead)))
    const rows = dialect === 'postgresql'
      ? await (read as unknown as { for(strength: 'update'): typeof read }).for('update')
      : await read
    for (const row of rows as unknown as Record<'id' | K, unknown>[]) current.set(row.id as string, row)
  }
  return current
}

/** Each update with `before` as the record holds it now (the planned one if it is gone). */
function asWritten<U extends { id: string, before: object, after: object }>(updates: U[], current: Map<string, Record<string, unknown>>): U[] {
  return updates.map((update) => {
    const now = current.get(update.id)
    return now ? { ...update, before: { ...update.before, ...pick(now, Object.keys(update.before)) } } : update
  })
}

/** Updates of one shape (the same fields set) together, for bulkUpdate. */
function byShape<T extends { after: object }>(updates: T[]): T[][] {
  return [...groupBy(updates, update => Object.keys(update.after).sort().join(',')).values()]
}

/** A person the run makes: the row of the file that makes them. */
type PlannedCreate = SyncRow
/** A span update of the plan; `absent` when it closes the span of a person a `full` file leaves out. */
type PlannedSpanUpdate = { id: string, personId: string, absent: boolean, before: Partial<SpanFields>, after: Partial<SpanFields> }

/** What a run would change, planned against the people synced from its system before. */
export interface SyncPlan {
  counts: Counts
  /** People synced from the system before (the thresholds' denominator). */
  syncedBefore: number
  creates: PlannedCreate[]
  /** Source ids linked to a person since deleted: the link goes to the new person. */
  relinked: string[]
  newSpans: { personId: string, row: SyncRow }[]
  personUpdates: { id: string, before: PersonFields, after: Partial<PersonFields> }[]
  spanUpdates: PlannedSpanUpdate[]
}

/**
 * Plans every change of a run from its file's rows against the people synced from the system
 * before, changing nothing: the worker applies the plan (applyRunChanges), and the screens show a
 * paused run's plan before somebody confirms it. The plan is lean: the file's rows, and what
 * changes of the records read.
 */
export async function planRunChanges(tx: Db, school: SchoolRef, run: Pick<SyncRunSummary, 'system' | 'scope' | 'runDay'>, rows: SyncRow[]): Promise<SyncPlan> {
  const links = await sourceIdMap(tx, school, run.system)
  const linkOf = (personId: SQLiteColumn) =>
    and(eq(personSourceIds.personId, personId), eq(personSourceIds.system, run.system), eq(personSourceIds.schoolId, school.id))
  const linkedPeople = new Map((await tx.select({
    id: people.id, familyName: people.familyName, givenNames: people.givenNames, dateOfBirth: people.dateOfBirth,
    preferredLanguage: people.preferredLanguage, deletedAt: people.deletedAt
  })
    .from(people).innerJoin(personSourceIds, linkOf(people.id))).map(person => [person.id, person]))
  const studentSpans = groupBy((await tx.select({
    id: affiliations.id, personId: affiliations.personId, validFrom: affiliations.validFrom, validTo: affiliations.validTo,
    yearLevel: affiliations.yearLevel, campusId: affiliations.campusId
  })
    .from(affiliations).innerJoin(personSourceIds, linkOf(affiliations.personId))
    .where(eq(affiliations.kind, 'student'))), span => span.personId)
  const currentSpan = (personId: string) => (studentSpans.get(personId) ?? [])
    .filter(span => isNotEndedBefore(span, run.runDay))
    .sort((a, b) => compareText(b.validFrom, a.validFrom))[0]

  const plan: SyncPlan = {
    counts: { created: 0, amended: 0, absent: 0, unchanged: 0 }, syncedBefore: links.size, creates: [], relinked: [], newSpans: [], personUpdates: [],
    spanUpdates: []
  }
  const { counts } = plan
  const inFile = new Set<string>()

  for (const row of rows) {
    inFile.add(row.sourceId)
    const personId = links.get(row.sourceId)
    if (!personId || linkedPeople.get(personId)?.deletedAt) {
      plan.creates.push(row)
      if (personId) plan.relinked.push(row.sourceId)
      counts.created++
      continue
    }
    const before = pick(linkedPeople.get(personId)!, personKeys)
    const personChange = differences(before, pick(row, personKeys))
    if (personChange) plan.personUpdates.push({ id: personId, before, after: personChange })
    const span = currentSpan(personId)
    let spanChanged = false
    if (!span) {
      plan.newSpans.push({ personId, row })
      spanChanged = true
    } else {
      // A span an earlier run closed today as absent is the one a person back the same day returns to.
      const reopen = span.validTo === run.runDay ? { validTo: null } : {}
      const spanChange = differences<SpanFields>(span, { yearLevel: row.yearLevel, campusId: row.campusId, ...reopen })
      if (spanChange) {
        plan.spanUpdates.push({ id: span.id, personId, absent: false, before: pick(span, Object.keys(spanChange) as (keyof SpanFields)[]), after: spanChange })
        spanChanged = true
      }
    }
    if (personChange || spanChanged) counts.amended++
    else counts.unchanged++
  }
  if (run.scope === 'full') {
    for (const [sourceId, personId] of links) {
      const span = inFile.has(sourceId) || linkedPeople.get(personId)?.deletedAt ? undefined : (studentSpans.get(personId) ?? []).find(s => s.validTo === null)
      if (!span) continue
      plan.spanUpdates.push({ id: span.id, personId, absent: true, before: { validTo: null }, after: { validTo: lastDayWithin(span, run.runDay) } })
      counts.absent++
    }
  }
  return plan
}

/**
 * Applies one run inside its transaction: plans every change from the file (planRunChanges),
 * pauses (changing nothing) past a threshold unless confirmed, then writes the changes a slice at a
 * time, each kept field by field for undo, with their events. The rows written are made a slice at
 * a time and let go, so a 100,000-row run never holds them all.
 */
async function applyRunChanges(
  tx: Db, changes: ChangeLog, ctx: DomainContext, run: SyncRunSummary, rows: SyncRow[], onProgress: (done: number) => Promise<void>
) {
  const school = ctx.school
  const now = timestampNow()
  const { counts, syncedBefore, creates, relinked, newSpans, personUpdates, spanUpdates } = await planRunChanges(tx, school, run, rows)

  if (!run.confirmed) {
    const [earlier] = await tx.select({ id: syncRuns.id }).from(syncRuns)
      .where(
        and(eq(syncRuns.schoolId, school.id), eq(syncRuns.system, run.system), inArray(syncRuns.status, ['applied', 'reverted']), ne(syncRuns.id, run.id))
      ).limit(1)
    const reason = pauseReason(counts, syncedBefore, !earlier)
    if (reason) throw new Paused(reason, counts)
  }

  let done = 0
  const changeRow = (tableName: ChangeRow['tableName'], recordId: string, operation: ChangeRow['operation'], before: object | null, after: object): ChangeRow =>
    ({ runId: run.id, tableName, recordId, operation, before: before && JSON.stringify(before), after: JSON.stringify(after) })
  const spanRow = (personId: string, row: SyncRow) =>
    affiliationRow(school.id, { personId, kind: 'student', validFrom: run.runDay, yearLevel: row.yearLevel ?? null, campusId: row.campusId ?? null }, now)

  for (let i = 0; i < relinked.length; i += sliceRows) {
    await tx.delete(personSourceIds).where(
      and(eq(personSourceIds.schoolId, school.id), eq(personSourceIds.system, run.system), inArray(personSourceIds.sourceId, relinked.slice(i, i + sliceRows)))
    )
  }
  // Each slice writes its records, what the run changed of them (for undo), and notes their events.
  for (let i = 0; i < creates.length; i += sliceRows) {
    const slice = creates.slice(i, i + sliceRows)
    const newPeople = slice.map(row => personRow(school.id, row, now))
    const spans = newPeople.map((person, j) => spanRow(person.id, slice[j]!))
    await bulkInsert(tx, people, newPeople)
    await bulkInsert(
      tx, personSourceIds,
      newPeople.map((person, j) => ({ schoolId: school.id, system: run.system, sourceId: slice[j]!.sourceId, personId: person.id, createdAt: now }))
    )
    await bulkInsert(tx, affiliations, spans)
    await bulkInsert(tx, syncRunChanges, [
      ...newPeople.map(person => changeRow('people', person.id, 'insert', null, pick(person, personKeys))),
      ...spans.map(span => changeRow('affiliations', span.id, 'insert', null, pick(span, spanKeys)))
    ])
    for (const person of newPeople) changes.record('person.created', 'people', person.id)
    for (const span of spans) changes.record('affiliation.created', 'affiliations', span.id)
    done += slice.length
    await onProgress(done)
  }
  for (let i = 0; i < newSpans.length; i += sliceRows) {
    const spans = newSpans.slice(i, i + sliceRows).map(({ personId, row }) => spanRow(personId, row))
    await bulkInsert(tx, affiliations, spans)
    await bulkInsert(tx, syncRunChanges, spans.map(span => changeRow('affiliations', span.id, 'insert', null, pick(span, spanKeys))))
    for (const span of spans) changes.record('affiliation.created', 'affiliations', span.id)
    done += spans.length
    await onProgress(done)
  }
  /** Writes one table's planned updates a slice at a time, each with what it changed (for undo) and its event. */
  async function writeUpdates<F extends object, T extends typeof people | typeof affiliations>(
    table: T, keys: readonly (keyof F & string)[], updates: { id: string, before: Partial<F>, after: Partial<F> }[],
    set: (update: { id: string, before: Partial<F>, after: Partial<F> }) => { id: string } & Partial<T['$inferInsert']>
  ) {
    const [tableName, event] = table === people ? ['people', 'person.updated'] as const : ['affiliations', 'affiliation.updated'] as const
    for (const shape of byShape(updates)) {
      for (let i = 0; i < shape.length; i += sliceRows) {
        const planned = shape.slice(i, i + sliceRows)
        const slice = asWritten(planned, await lockedRows(tx, ctx.database.dialect, table, keys, planned.map(update => update.id)))
        await bulkUpdate(tx, table, slice.map(set))
        await bulkInsert(
          tx, syncRunChanges,
          slice.map(update => changeRow(tableName, update.id, 'update', pick(update.before, Object.keys(update.after) as (keyof F)[]), update.after))
        )
        for (const update of slice) changes.record(event, tableName, update.id)
        done += slice.length
        await onProgress(done)
      }
    }
  }
  await writeUpdates(people, personKeys, personUpdates, update => personSet(update as typeof personUpdates[number], now))
  await writeUpdates(affiliations, spanKeys, spanUpdates, update => ({ id: update.id, ...update.after }))
  return counts
}

/** The rows of a run's file, read again; the text is let go once read (8 MiB, and the rows hold what is needed). */
export async function readRunRows(database: Database, school: SchoolRef, runId: string): Promise<SyncRow[]> {
  const [stored] = await database.db.select({ file: syncRuns.file }).from(syncRuns).where(eq(syncRuns.id, runId))
  return (await readSyncFile(database.db, school, stored?.file ?? '')).rows
}

type ClaimedRun = Claim<typeof syncRuns, SyncRunSummary>

const syncLease = (owner: string, stopping?: () => boolean): WorkerLease => ({ owner, leaseMs, stopping })

/**
 * Applies a claimed run in one transaction, or pauses it (the thresholds) without applying
 * anything. A worker that dies mid-way leaves nothing applied: the transaction rolls back and the
 * run, still `applying`, is claimed again once its lease ends. On PostgreSQL the school's other
 * writers wait only for the run's last moments (`lockSchool: 'last'`), and its progress is written
 * beside it as it goes; on SQLite the one writer is the run's until it commits (docs/imports.md).
 * Once `stopping`, the run is handed back at its next progress note, its transaction rolled back.
 */
export async function applySyncRun(
  database: Database, runId: string, owner: string, stopping: () => boolean = () => false
): Promise<SyncRunSummary['status'] | null> {
  const [claimed] = await database.db.select(syncRunColumns).from(syncRuns).where(and(eq(syncRuns.id, runId), eq(syncRuns.leaseOwner, owner)))
  if (!claimed) return null
  const outcome = await runClaim(database, syncRunQueue, syncLease(owner, stopping), claimed, claim => applyClaimedRun(database, claim))
  if (outcome.kind === 'failed') throw outcome.fault
  return outcome.kind === 'done' ? outcome.value : null
}

async function applyClaimedRun(database: Database, claim: ClaimedRun): Promise<SyncRunSummary['status']> {
  const { row: claimed, owner } = claim
  const runId = claimed.id
  const school = await requireSchool(database, claimed.schoolId)
  const ctx = systemContext(database, school, 'sync:apply')
  if (claimed.status === 'queued') {
    await writeChanges(ctx, async (tx, changes) => {
      await claim.keep(tx, { status: 'applying' })
      changes.record('sync_run.updated', 'sync_runs', runId)
    })
  }
  const rows = await readRunRows(database, school, runId)
  const onProgress = async (done: number) => {
    claim.checkStopping()
    // SQLite has one writer, and it is this run's transaction: progress shows once it commits.
    if (database.dialect !== 'postgresql') return
    await database.transaction(tx => tx.update(syncRuns).set({ done }).where(eq(syncRuns.id, runId)))
    await claim.heartbeat()
  }
  try {
    claim.checkStopping()
    await writeChanges(ctx, async (tx, changes) => {
      if (database.dialect === 'postgresql') {
        // A second worker that took the run over from a stalled first waits here, then finds it applied.
        await holdUntilCommit(database, tx, runId)
        const [current] = await tx.select({ status: syncRuns.status, leaseOwner: syncRuns.leaseOwner }).from(syncRuns).where(eq(syncRuns.id, runId))
        if (current?.status !== 'applying' || current.leaseOwner !== owner) throw new LeaseLost(runId)
      }
      const counts = await applyRunChanges(tx, changes, ctx, { ...claimed, status: 'applying' }, rows, onProgress)
      await claim.release(tx, { status: 'applied', ...counts, done: rows.length, appliedAt: timestampNow(), file: '' })
      changes.record('sync_run.updated', 'sync_runs', runId)
    }, { lockSchool: 'last' })
    return 'applied'
  } catch (error) {
    if (!(error instanceof Paused)) throw error
    await writeChanges(ctx, async (tx, changes) => {
      await claim.release(tx, { status: 'paused', reason: error.reason, ...error.counts })
      changes.record('sync_run.updated', 'sync_runs', runId)
    })
    return 'paused'
  }
}

/**
 * One turn of the worker: claims the oldest ready run, if any, and applies it. Once `stopping`, the
 * run in hand is handed back at its next progress note (every 5,000 rows), nothing of it applied.
 */
export async function applyNextSyncRun(
  database: Database, owner: string, stopping: () => boolean = () => false
): Promise<{ runId: string, status: SyncRunSummary['status'] | null } | null> {
  const run = await claimNextSyncRun(database, owner, stopping)
  return run ? { runId: run.id, status: await applySyncRun(database, run.id, owner, stopping) } : null
}

/**
 * Claims this one run for `owner` if it is ready and applies it (or pauses it) now, as a worker would: the
 * demo's run, paused before its school is shown. Null when it waits for an earlier run or another worker
 * holds it, which then applies it in turn.
 */
export async function applySyncRunNow(database: Database, runId: string, owner: string): Promise<SyncRunSummary['status'] | null> {
  const thisRun: ClaimQueue<typeof syncRuns> = { ...syncRunQueue, ready: now => and(syncRunQueue.ready?.(now), eq(syncRuns.id, runId)) }
  const [run] = await claimWork(database, thisRun, syncLease(owner), 1)
  return run ? applySyncRun(database, run.id, owner) : null
}

/** Claims the oldest ready run for `owner`, if any (none once `stopping`); a plain read first, so an idle poll writes nothing. */
export async function claimNextSyncRun(database: Database, owner: string, stopping?: () => boolean): Promise<{ id: string } | undefined> {
  const [waiting] = await database.db.select({ id: syncRuns.id }).from(syncRuns)
    .where(or(eq(syncRuns.status, 'queued'), eq(syncRuns.status, 'applying'))).limit(1)
  if (!waiting) return undefined
  const [run] = await claimWork(database, syncRunQueue, syncLease(owner, stopping), 1)
  return run
}
