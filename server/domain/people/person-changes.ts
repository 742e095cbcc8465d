import { and, desc, eq, inArray, lt, or } from 'drizzle-orm'
import { affiliations, changeEvents } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { keysetSlice } from '../shared/keyset-slice'
import { actorLabels } from '../shared/actor-labels'

export interface PersonChangesPageRequest {
  limit: number
  /** The school's own position (change_events.position) of the last change of the previous page. */
  after?: [number]
}

/**
 * One page of the changes made to a person's record, newest first: the outbox events of the person
 * (names, family, billing, restricted records: `person.updated` or `billing.updated` on the person)
 * and of their spans, each with who made it, readably. The outbox says what kind of change was made,
 * never the values, so this list tells nothing a reader of the record could not. It is ordered and
 * paged by the school's own position, and shows no number: the outbox `sequence` counts every
 * school's writes, which no school's staff may learn (not even through the page cursor).
 */
export async function listPersonChanges(ctx: DomainContext, personId: string, request: PersonChangesPageRequest) {
  const { database, school } = ctx
  const spans = database.db.select({ id: affiliations.id }).from(affiliations)
    .where(and(eq(affiliations.schoolId, school.id), eq(affiliations.personId, personId)))
  const rows = await database.db.select({
    position: changeEvents.position, kind: changeEvents.kind, tableName: changeEvents.tableName, recordId: changeEvents.recordId, at: changeEvents.at,
    actor: changeEvents.actor
  })
    .from(changeEvents)
    .where(and(
      eq(changeEvents.schoolId, school.id),
      or(
        and(eq(changeEvents.tableName, 'people'), eq(changeEvents.recordId, personId)),
        and(eq(changeEvents.tableName, 'affiliations'), inArray(changeEvents.recordId, spans))
      ),
      request.after ? lt(changeEvents.position, request.after[0]) : undefined
    ))
    .orderBy(desc(changeEvents.position))
    .limit(request.limit + 1)
  const labels = await actorLabels(ctx.database.db, ctx.school.id, rows.map(row => row.actor))
  return keysetSlice(rows, request.limit,
    row => ({
      kind: row.kind, recordId: row.recordId, at: row.at, actor: row.actor,
      actorName: row.actor === null ? 'not recorded' : labels.get(row.actor) ?? row.actor
    }),
    (last): [number] => [Number(last.position)])
}
