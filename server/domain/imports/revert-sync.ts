import { and, asc, eq, inArray } from 'drizzle-orm'
import { affiliations, people, personSourceIds, syncRunChanges, syncRuns } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { timestampNow } from '../days/clock'
import { domainError } from '../shared/domain-error'
import { nameSortKey } from '../people/name-key'
import { groupBy } from './source-ids'
import { recordActivity } from '../activity/record-activity'
import { requireSyncRun, syncRunView } from './sync-runs'

/**
 * Undoes an applied run in one transaction, field by field from what it kept: the fields it changed
 * get their values back, and the people and spans it made are removed (a person is deleted, a span
 * taken away). Refused with `conflict`, changing nothing, when any record moved on since the run:
 * a field it set holds another value now, or a record it made is gone; `detail` names each.
 */
export function revertSyncRun(ctx: DomainContext, runId: string) {
  return writeChanges(ctx, async (tx, events) => {
    const run = await requireSyncRun(tx, ctx.school, runId)
    if (run.status !== 'applied') throw domainError('unprocessable', [`The run is ${run.status}; only an applied run can be reverted.`])
    const changes = await tx.select().from(syncRunChanges).where(eq(syncRunChanges.runId, runId)).orderBy(asc(syncRunChanges.sequence))
    const byTable = groupBy(changes, change => change.tableName)
    const current = new Map<string, Record<string, unknown>>()
    const peopleIds = (byTable.get('people') ?? []).map(change => change.recordId)
    const spanIds = (byTable.get('affiliations') ?? []).map(change => change.recordId)
    for (let i = 0; i < peopleIds.length; i += 500) {
      const rows = await tx.select().from(people).where(inArray(people.id, peopleIds.slice(i, i + 500)))
      for (const row of rows) if (row.deletedAt === null) current.set(row.id, row)
    }
    for (let i = 0; i < spanIds.length; i += 500) {
      for (const row of await tx.select().from(affiliations).where(inArray(affiliations.id, spanIds.slice(i, i + 500)))) current.set(row.id, row)
    }

    const movedOn = changes.filter((change) => {
      const now = current.get(change.recordId)
      if (!now) return true
      const after = JSON.parse(change.after) as Record<string, unknown>
      return Object.entries(after).some(([field, value]) => now[field] !== value)
    })
    if (movedOn.length) {
      const records = [...new Map(movedOn.map(change => [change.recordId, change])).values()]
      throw domainError('conflict', records.slice(0, 50)
        .map(change =>
          `The ${change.tableName === 'people' ? 'person' : 'affiliation'} ${change.recordId} changed since the run; revert it by hand or leave the run applied.`)
        .concat(records.length > 50 ? [`And ${records.length - 50} more records.`] : []), {
        data: { records: records.map(change => ({ table: change.tableName, id: change.recordId })) }
      })
    }

    const now = timestampNow()
    const reversed = [...changes].reverse()
    // What the run changed gets its fields back one record at a time (few, on the whole: a first run only creates).
    for (const change of reversed) {
      if (change.before === null) continue
      const before = JSON.parse(change.before) as Record<string, string | null>
      if (change.tableName === 'affiliations') {
        await tx.update(affiliations).set(before).where(eq(affiliations.id, change.recordId))
        events.record('affiliation.updated', 'affiliations', change.recordId)
      } else {
        const person = current.get(change.recordId) as typeof people.$inferSelect
        const restored = { familyName: person.familyName, givenNames: person.givenNames, ...before }
        await tx.update(people).set({ ...before, nameKey: nameSortKey(restored.familyName!, restored.givenNames!), updatedAt: now })
          .where(eq(people.id, change.recordId))
        events.record('person.updated', 'people', change.recordId)
      }
    }
    // What it made is taken away 500 records a statement: a statement each took a 100,000-person run's revert
    // past 90 seconds on PostgreSQL. Its spans go first, then the people's ids from the system, then the people.
    const madeSpans: string[] = []
    const madePeople: string[] = []
    for (const change of reversed) {
      if (change.before === null) (change.tableName === 'affiliations' ? madeSpans : madePeople).push(change.recordId)
    }
    for (let i = 0; i < madeSpans.length; i += 500) await tx.delete(affiliations).where(inArray(affiliations.id, madeSpans.slice(i, i + 500)))
    for (let i = 0; i < madePeople.length; i += 500) {
      const chunk = madePeople.slice(i, i + 500)
      await tx.delete(personSourceIds).where(and(inArray(personSourceIds.personId, chunk), eq(personSourceIds.system, run.system)))
      await tx.update(people).set({ deletedAt: now, updatedAt: now }).where(inArray(people.id, chunk))
    }
    for (const id of madeSpans) events.record('affiliation.deleted', 'affiliations', id)
    for (const id of madePeople) events.record('person.deleted', 'people', id)
    const [reverted] = await tx.update(syncRuns).set({ status: 'reverted', revertedAt: now }).where(eq(syncRuns.id, runId)).returning()
    events.record('sync_run.updated', 'sync_runs', runId)
    await recordActivity(tx, ctx, {
      kind: 'sync_run.reverted', subjectType: 'sync_run', subjectId: runId, summary: `Reverted the ${run.system} sync run ${runId}`,
      changes: { status: ['applied', 'reverted'] }
    })
    return syncRunView(reverted!)
  })
}
