import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { people } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { personView } from './person-record'
import { keysetSlice } from '../shared/keyset-slice'

export interface PeoplePageRequest {
  limit: number
  /** The `[nameKey, id]` of the last person of the previous page. */
  after?: [string, string]
}

const afterKey = sql.placeholder('afterKey')
const afterId = sql.placeholder('afterId')

/** The school's people who are not deleted, in name order, from the start or after a position. */
function peoplePageQuery(db: Db, fromStart: boolean) {
  return db
    .select({
      id: people.id, familyName: people.familyName, givenNames: people.givenNames, dateOfBirth: people.dateOfBirth,
      preferredLanguage: people.preferredLanguage, nameKey: people.nameKey
    })
    .from(people)
    .where(and(
      eq(people.schoolId, sql.placeholder('schoolId')),
      isNull(people.deletedAt),
      // A row comparison, as afterPosition writes it: the index range starts at the position.
      fromStart ? undefined : sql`(${people.nameKey}, ${people.id}) > (${afterKey}, ${afterId})`
    ))
    .orderBy(asc(people.nameKey), asc(people.id))
    .limit(sql.placeholder('limit'))
}

/** One page of the school's people who are not deleted, ordered by name then id. */
export async function listPeople({ database, school }: DomainContext, request: PeoplePageRequest) {
  const after = request.after
  const rows = after
    ? await database.prepared('people-page-after', db => peoplePageQuery(db, false))({
        schoolId: school.id, limit: request.limit + 1, afterKey: after[0], afterId: after[1]
      })
    : await database.prepared('people-page-first', db => peoplePageQuery(db, true))({ schoolId: school.id, limit: request.limit + 1 })
  return keysetSlice(rows, request.limit, personView, (last): [string, string] => [last.nameKey, last.id])
}
