import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import { applicationAdults, applicationEvents, applications, people, type ApplicationState } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { assertCapability } from '../access/access'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { schoolCampuses } from './school-campus'
import { actorLabels } from '../shared/actor-labels'
import { partOfBasisPoints } from '../../../shared/basis-points'

export interface BoardColumnRequest {
  state: ApplicationState
  limit: number
  /** The `[receivedAt, id]` of the last application of the previous page. */
  after?: [string, string]
}

/**
 * One column of the applications board: the school's applications in one state, newest first, each
 * with its child, adults, placement and every step with who took it and when.
 */
export async function listBoardColumn(ctx: DomainContext, request: BoardColumnRequest) {
  assertCapability(ctx, 'admissions.manage')
  const { db } = ctx.database
  const after = request.after
  const rows = await db.select({
    id: applications.id, state: applications.state, origin: applications.origin, yearLevel: applications.yearLevel, entryYear: applications.entryYear,
    campusId: applications.campusId, startsOn: applications.startsOn, loadBasisPoints: applications.loadBasisPoints, receivedAt: applications.receivedAt,
    offeredAt: applications.offeredAt, offeredBy: applications.offeredBy, answeredAt: applications.answeredAt, answeredBy: applications.answeredBy,
    studentId: people.id, familyName: people.familyName, givenNames: people.givenNames, dateOfBirth: people.dateOfBirth
  }).from(applications).innerJoin(people, eq(people.id, applications.studentId))
    .where(and(
      eq(applications.schoolId, ctx.school.id), eq(applications.state, request.state),
      afterPosition(applications.receivedAt, applications.id, after, 'desc')
    ))
    .orderBy(desc(applications.receivedAt), desc(applications.id))
    .limit(request.limit + 1)
  const page = rows.slice(0, request.limit)
  const ids = page.map(row => row.id)
  const [adults, events, campusRows] = ids.length === 0
    ? [[], [], []]
    : await Promise.all([
        db.select({
          applicationId: applicationAdults.applicationId, id: people.id, familyName: people.familyName, givenNames: people.givenNames,
          relationship: applicationAdults.relationship
        })
          .from(applicationAdults).innerJoin(people, eq(people.id, applicationAdults.personId))
          .where(inArray(applicationAdults.applicationId, ids)).orderBy(asc(applicationAdults.position)),
        db.select().from(applicationEvents).where(and(eq(applicationEvents.schoolId, ctx.school.id), inArray(applicationEvents.applicationId, ids))),
        page.some(row => row.campusId) ? schoolCampuses(db, ctx.school) : Promise.resolve([])
      ])
  const labels = await actorLabels(db, ctx.school.id, [...page.flatMap(row => [row.offeredBy, row.answeredBy]), ...events.map(event => event.recordedBy)])
  const by = (actor: string) => labels.get(actor) ?? actor
  const campusName = new Map(campusRows.map(campus => [campus.id, campus.name]))
  return keysetSlice(rows, request.limit, (row) => {
    const started = events.find(event => event.applicationId === row.id && event.kind === 'started')
    const withdrawn = events.find(event => event.applicationId === row.id && event.kind === 'withdrawn')
    return {
      id: row.id,
      state: row.state,
      origin: row.origin,
      student: { id: row.studentId, familyName: row.familyName, givenNames: row.givenNames, dateOfBirth: row.dateOfBirth },
      adults: adults.filter(adult => adult.applicationId === row.id).map(({ applicationId: _, ...adult }) => adult),
      yearLevel: row.yearLevel,
      entryYear: row.entryYear,
      campus: row.campusId ? campusName.get(row.campusId) ?? null : null,
      startsOn: row.startsOn,
      load: row.loadBasisPoints === null ? null : partOfBasisPoints(row.loadBasisPoints),
      received: { at: row.receivedAt },
      offered: row.offeredAt && row.offeredBy ? { at: row.offeredAt, by: by(row.offeredBy) } : null,
      answered: row.answeredAt && row.answeredBy ? { at: row.answeredAt, by: by(row.answeredBy) } : null,
      started: started ? { at: started.recordedAt, by: by(started.recordedBy), on: started.occurredOn } : null,
      withdrawn: withdrawn ? { at: withdrawn.recordedAt, by: by(withdrawn.recordedBy), on: withdrawn.occurredOn, reason: withdrawn.reason } : null
    }
  }, (last): [string, string] => [last.receivedAt, last.id])
}

/** How many of the school's applications are in each state: the board's column headings and its state picker. */
export async function boardCounts(ctx: DomainContext) {
  assertCapability(ctx, 'admissions.manage')
  const rows = await ctx.database.db.select({ state: applications.state, count: count() }).from(applications)
    .where(eq(applications.schoolId, ctx.school.id)).groupBy(applications.state)
  const counts = { submitted: 0, offered: 0, accepted: 0, declined: 0, started: 0, left: 0, withdrawn: 0 } satisfies Record<ApplicationState, number>
  for (const row of rows) counts[row.state] = Number(row.count)
  return { counts }
}

/** The school's lists the office's steps choose from, and its campuses by name. */
export async function admissionsLists(ctx: DomainContext) {
  assertCapability(ctx, 'admissions.manage')
  const { yearLevels, withdrawalReasons, channels } = ctx.school.lists
  const campusRows = await schoolCampuses(ctx.database.db, ctx.school)
  return { yearLevels, withdrawalReasons, channels, campuses: campusRows.map(campus => campus.name) }
}
