import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm'
import { affiliations, people } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { SchoolRef } from '../shared/context'
import { todayInZone } from '../shared/clock'
import { validationFailed } from '../../utils/validation'
import { leavingTimes } from './alumni-rule'
import { openPositionText, sealPositionText } from './sealed-position'

export interface AlumniPageRequest {
  limit: number
  /** The sealed name key and id of the last person the previous page looked at. */
  after?: [string, string]
  /** The day to count alumni as at; today in the school's zone when absent. */
  asAt?: string
  /** Whether the caller may read names (`person.read`); without it they are absent. */
  names: boolean
  /** The secret cursor positions are sealed with. */
  positionSecret: Buffer
}

export interface Alumnus {
  id: string
  familyName?: string
  givenNames?: string
  leftAt: string
  exitYear: number
}

// Later than every real day, so a span still open counts as ending after any `asAt`.
const openEnded = '9999-12-31'

/**
 * One page of the school's alumni as at a day, ordered by name then id. The rule of `alumni-rule.ts`
 * in SQL: the latest end of the person's student spans that had begun by the day (an open span
 * counting as never ending) falls before the day. Under `completed_final_year` the span ending then
 * must be at the final year level. Deleted people are left out.
 */
export async function listAlumni(database: Database, school: SchoolRef, request: AlumniPageRequest) {
  const today = todayInZone(school.timeZone)
  const asAt = request.asAt ?? today
  if (asAt > today) throw validationFailed([{ path: 'asAt', message: `Use a day no later than today in the school's time zone (${today}).` }])
  const after = request.after && decodePosition(request.positionSecret, request.after)

  const candidates = database.db
    .select({
      id: people.id,
      familyName: people.familyName,
      givenNames: people.givenNames,
      nameKey: people.nameKey,
      lastDay: sql<string>`(select max(coalesce(${affiliations.validTo}, ${openEnded})) from ${affiliations}
        where ${affiliations.personId} = ${people.id} and ${affiliations.kind} = 'student' and ${affiliations.validFrom} <= ${asAt})`.as('last_day')
    })
    .from(people)
    .where(and(
      eq(people.schoolId, school.id),
      isNull(people.deletedAt),
      after ? sql`(${people.nameKey}, ${people.id}) > (${after[0]}, ${after[1]})` : undefined
    ))
    .as('candidates')

  const completedFinalYear = school.lists.alumniRule === 'completed_final_year'
    ? sql`exists (select 1 from ${affiliations} where ${affiliations.personId} = ${candidates.id} and ${affiliations.kind} = 'student'
        and ${affiliations.validTo} = ${candidates.lastDay} and ${affiliations.yearLevel} = ${school.lists.finalYearLevel})`
    : undefined

  const rows = await database.db.select().from(candidates)
    .where(and(lt(candidates.lastDay, asAt), completedFinalYear))
    .orderBy(asc(candidates.nameKey), asc(candidates.id))
    .limit(request.limit + 1)

  const more = rows.length > request.limit
  const page = more ? rows.slice(0, request.limit) : rows
  const times = new Map<string, ReturnType<typeof leavingTimes>>()
  const items = page.map((row): Alumnus => {
    let left = times.get(row.lastDay)
    if (!left) times.set(row.lastDay, left = leavingTimes(row.lastDay, school.timeZone))
    return request.names
      ? { id: row.id, familyName: row.familyName, givenNames: row.givenNames, ...left }
      : { id: row.id, ...left }
  })
  const last = page.at(-1)
  return {
    items,
    next: more && last ? [sealPositionText(request.positionSecret, last.nameKey), last.id] as [string, string] : null
  }
}

function decodePosition(secret: Buffer, [sealedNameKey, id]: [unknown, unknown]): [string, string] {
  const nameKey = openPositionText(secret, sealedNameKey)
  if (nameKey === null || typeof id !== 'string') throw validationFailed([{ path: 'cursor', message: 'Not a cursor this list gave out.' }])
  return [nameKey, id]
}
