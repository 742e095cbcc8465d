import { and, asc, eq, inArray } from 'drizzle-orm'
import { affiliations, campuses, people, personSourceIds, syncRunChanges, syncRuns } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { listSlice } from '../shared/list-slice'
import type { syncChangeFields, syncChangeKinds } from '../../../shared/schemas/imports-settings'
import type { UnreadableLine } from './read-csv'
import { planRunChanges, readRunRows } from './apply-sync'
import { requireSyncRun } from './sync-runs'
import { showSyncRun } from './list-sync-runs'

type ChangeKind = typeof syncChangeKinds[number]
type ChangeField = typeof syncChangeFields[number]
type FieldChange = { field: ChangeField, before: string | null, after: string | null }

/** One person of a run's changes before their name and source id are looked up (for the page shown only). */
interface PlannedPerson {
  personId: string | null
  sourceId?: string
  familyName?: string
  givenNames?: string
  fields: FieldChange[]
}

/** Record fields as the screens name them: a span's campus id is shown by the campus's name. */
const fieldOf: Record<string, ChangeField> = {
  familyName: 'familyName', givenNames: 'givenNames', dateOfBirth: 'dateOfBirth', preferredLanguage: 'preferredLanguage', yearLevel: 'yearLevel',
  campusId: 'campus', validFrom: 'validFrom', validTo: 'validTo'
}

function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): FieldChange[] {
  return Object.entries(after).filter(([key, value]) => fieldOf[key] && value !== undefined)
    .map(([key, value]) => ({ field: fieldOf[key]!, before: (before?.[key] as string | null | undefined) ?? null, after: (value as string | null) ?? null }))
}

/** Adds `fields` to the person's entry in `byPerson`, making it (last in order) when it is new. */
function addTo(byPerson: Map<string, PlannedPerson>, personId: string, fields: FieldChange[]) {
  const entry = byPerson.get(personId) ?? { personId, fields: [] }
  entry.fields.push(...fields)
  byPerson.set(personId, entry)
}

/** What a paused run would do, planned afresh from its file against the people as they are now (the plan the worker applies). */
async function plannedChanges(ctx: DomainContext, run: Awaited<ReturnType<typeof requireSyncRun>>, kind: ChangeKind): Promise<PlannedPerson[]> {
  const rows = await readRunRows(ctx.database, ctx.school, run.id)
  const plan = await planRunChanges(ctx.database.db, ctx.school, run, rows)
  if (kind === 'create') {
    return plan.creates.map(row => ({
      personId: null, sourceId: row.sourceId, familyName: row.familyName, givenNames: row.givenNames,
      fields: fieldChanges(
        null,
        {
          familyName: row.familyName, givenNames: row.givenNames, dateOfBirth: row.dateOfBirth, preferredLanguage: row.preferredLanguage,
          yearLevel: row.yearLevel, campusId: row.campusId
        }
      )
    }))
  }
  if (kind === 'close') return plan.spanUpdates.filter(update => update.absent)
    .map(update => ({ personId: update.personId, fields: fieldChanges(update.before, update.after) }))
  const byPerson = new Map<string, PlannedPerson>()
  for (const update of plan.personUpdates) addTo(byPerson, update.id, fieldChanges(update.before, update.after))
  for (const { personId, row } of plan.newSpans) addTo(
    byPerson, personId, fieldChanges(null, { validFrom: run.runDay, yearLevel: row.yearLevel, campusId: row.campusId })
  )
  for (const update of plan.spanUpdates) if (!update.absent) addTo(byPerson, update.personId, fieldChanges(update.before, update.after))
  return [...byPerson.values()]
}

/** The person of each span among `spanIds` that still exists. */
async function spanPeople(db: Db, spanIds: string[]): Promise<Map<string, string>> {
  const owners = new Map<string, string>()
  for (let i = 0; i < spanIds.length; i += 500) {
    const rows = await db.select({ id: affiliations.id, personId: affiliations.personId }).from(affiliations)
      .where(inArray(affiliations.id, spanIds.slice(i, i + 500)))
    for (const row of rows) owners.set(row.id, row.personId)
  }
  return owners
}

/**
 * What an applied (or reverted) run did, from what it kept for undo (sync_run_changes): a person it
 * made, with their first span's year level and campus; a person whose fields or span it amended;
 * a span it closed because a `full` file left the person out. A span a revert took away no longer
 * says whose it was, so a reverted run's new spans of people it did not make are not shown.
 */
async function appliedChanges(ctx: DomainContext, runId: string, kind: ChangeKind): Promise<PlannedPerson[]> {
  const db = ctx.database.db
  const kept = await db.select().from(syncRunChanges).where(eq(syncRunChanges.runId, runId)).orderBy(asc(syncRunChanges.sequence))
  const owners = await spanPeople(db, kept.filter(change => change.tableName === 'affiliations').map(change => change.recordId))
  const created = new Map<string, PlannedPerson>()
  const amended = new Map<string, PlannedPerson>()
  const closed: PlannedPerson[] = []
  for (const change of kept) {
    const before = change.before === null ? null : JSON.parse(change.before) as Record<string, unknown>
    const after = JSON.parse(change.after) as Record<string, unknown>
    if (change.tableName === 'people') {
      if (change.operation === 'insert') created.set(change.recordId, { personId: change.recordId, fields: fieldChanges(null, after) })
      else addTo(amended, change.recordId, fieldChanges(before, after))
      continue
    }
    const personId = owners.get(change.recordId)
    if (!personId) continue
    if (change.operation === 'insert') {
      const own = created.get(personId)
      if (own) own.fields.push(...fieldChanges(null, { yearLevel: after.yearLevel, campusId: after.campusId }).filter(field => field.after !== null))
      else addTo(amended, personId, fieldChanges(null, after).filter(field => field.after !== null))
    } else if (before?.validTo === null && after.validTo) {
      closed.push({ personId, fields: fieldChanges(before, after) })
    } else {
      addTo(amended, personId, fieldChanges(before, after))
    }
  }
  return kind === 'create' ? [...created.values()] : kind === 'amend' ? [...amended.values()] : closed
}

/**
 * One page of the people a run would create, amend or close (a paused run), or did (an applied or
 * reverted one), each field before and after; a campus by its name. Other runs have no plan: their
 * pages are empty. Names and source ids are looked up for the page shown only.
 */
export async function syncRunChangesPage(ctx: DomainContext, runId: string, kind: ChangeKind, request: { limit: number, after?: [number] }) {
  const run = await requireSyncRun(ctx.database.db, ctx.school, runId)
  const all = run.status === 'paused'
    ? await plannedChanges(ctx, run, kind)
    : run.status === 'applied' || run.status === 'reverted' ? await appliedChanges(ctx, runId, kind) : []
  const page = listSlice(all, request)
  const db = ctx.database.db
  const ids = page.items.flatMap(item => item.personId ? [item.personId] : [])
  const names = new Map(ids.length
    ? (await db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
        .where(inArray(people.id, ids))).map(person => [person.id, person])
    : [])
  const sourceIds = new Map(ids.length
    ? (await db.select({ personId: personSourceIds.personId, sourceId: personSourceIds.sourceId }).from(personSourceIds)
        .where(and(eq(personSourceIds.schoolId, ctx.school.id), eq(personSourceIds.system, run.system), inArray(personSourceIds.personId, ids)))).map(link =>
        [link.personId, link.sourceId])
    : [])
  const campusNames = new Map(
    (await db.select({ id: campuses.id, name: campuses.name }).from(campuses).where(eq(campuses.schoolId, ctx.school.id))).map(campus =>
      [campus.id, campus.name])
  )
  const campusName = (id: string | null) => id === null ? null : campusNames.get(id) ?? id
  return {
    items: page.items.map(item => ({
      personId: item.personId,
      sourceId: item.sourceId ?? (item.personId ? sourceIds.get(item.personId) : undefined) ?? null,
      familyName: item.familyName ?? (item.personId ? names.get(item.personId)?.familyName : undefined) ?? null,
      givenNames: item.givenNames ?? (item.personId ? names.get(item.personId)?.givenNames : undefined) ?? null,
      fields: item.fields.map(field => field.field === 'campus' ? { ...field, before: campusName(field.before), after: campusName(field.after) } : field)
    })),
    next: page.next
  }
}

/** A run with how many unreadable lines and problems it kept. */
export async function syncRunDetail(ctx: DomainContext, runId: string) {
  const { run, unreadable, problems } = await showSyncRun(ctx, runId)
  return { run, unreadableCount: (unreadable as unknown[]).length, problemsCount: (problems as unknown[]).length }
}

/** One page of the lines of a run's file that could not be read, by line number, with the reason. */
export async function syncRunUnreadablePage(ctx: DomainContext, runId: string, request: { limit: number, after?: [number] }) {
  await requireSyncRun(ctx.database.db, ctx.school, runId)
  const [row] = await ctx.database.db.select({ unreadable: syncRuns.unreadable }).from(syncRuns).where(eq(syncRuns.id, runId))
  return listSlice(JSON.parse(row!.unreadable) as UnreadableLine[], request)
}
