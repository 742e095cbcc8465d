import { and, asc, eq, gt, isNull, or } from 'drizzle-orm'
import { people } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { SchoolRef } from '../shared/context'
import { personView } from './person-record'

export interface PeoplePageRequest {
  limit: number
  /** The `[nameKey, id]` of the last person of the previous page. */
  after?: [string, string]
}

/** One page of the school's people who are not deleted, ordered by name then id. */
export async function listPeople(database: Database, school: SchoolRef, request: PeoplePageRequest) {
  const after = request.after
  const rows = await database.db
    .select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames, dateOfBirth: people.dateOfBirth, nameKey: people.nameKey })
    .from(people)
    .where(and(
      eq(people.schoolId, school.id),
      isNull(people.deletedAt),
      after ? or(gt(people.nameKey, after[0]), and(eq(people.nameKey, after[0]), gt(people.id, after[1]))) : undefined
    ))
    .orderBy(asc(people.nameKey), asc(people.id))
    .limit(request.limit + 1)
  const more = rows.length > request.limit
  const page = more ? rows.slice(0, request.limit) : rows
  const last = page.at(-1)
  return {
    items: page.map(personView),
    next: more && last ? [last.nameKey, last.id] as [string, string] : null
  }
}
