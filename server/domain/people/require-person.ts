import { and, eq, isNull } from 'drizzle-orm'
import { people } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { SchoolRef } from '../shared/school-ref'
import { domainError } from '../shared/domain-error'
import { excerpt } from '../../../shared/excerpt'

/**
 * The school's person with this id, read inside a write; `not_found` when there is none, it is
 * deleted, or it is another school's, so a write never reaches across schools.
 */
export async function requirePerson(tx: Db, school: SchoolRef, personId: string, role = 'person') {
  const [row] = await tx.select().from(people)
    .where(and(eq(people.schoolId, school.id), eq(people.id, personId), isNull(people.deletedAt)))
  if (!row) throw domainError('not_found', [`No ${role} with the id ${excerpt(personId)}.`])
  return row
}
