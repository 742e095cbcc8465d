import { and, eq } from 'drizzle-orm'
import { affiliations } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { SchoolRef } from '../shared/school-ref'
import { domainError } from '../shared/domain-error'
import { excerpt } from '../../../shared/excerpt'

/** The school's affiliation with this id, read inside a write; `not_found` otherwise. */
export async function requireAffiliation(tx: Db, school: SchoolRef, affiliationId: string) {
  const [row] = await tx.select().from(affiliations).where(and(eq(affiliations.schoolId, school.id), eq(affiliations.id, affiliationId)))
  if (!row) throw domainError('not_found', [`No affiliation with the id ${excerpt(affiliationId)}.`])
  return row
}
