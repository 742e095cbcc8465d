import { and, eq, isNull } from 'drizzle-orm'
import { people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { personView } from './person-record'

/** The school's person with this id, or null when there is none, it is deleted, or it is another school's. */
export async function findPerson({ database, school }: DomainContext, personId: string) {
  const [row] = await database.db.select().from(people)
    .where(and(eq(people.schoolId, school.id), eq(people.id, personId), isNull(people.deletedAt)))
  return row ? personView(row) : null
}
