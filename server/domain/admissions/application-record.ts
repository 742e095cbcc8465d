import { and, eq } from 'drizzle-orm'
import { applicationAdults, applications, type ApplicationOrigin, type ApplicationState } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { SchoolRef } from '../shared/school-ref'
import { domainError } from '../shared/domain-error'
import { newId } from '../shared/ids'

export type ApplicationRow = typeof applications.$inferSelect

/** The school's application with this id, read inside a write; `not_found` for a missing one or another school's. */
export async function requireApplication(tx: Db, school: SchoolRef, applicationId: string): Promise<ApplicationRow> {
  const [row] = await tx.select().from(applications).where(and(eq(applications.schoolId, school.id), eq(applications.id, applicationId)))
  if (!row) throw domainError('not_found', [`No application with the id ${applicationId}.`])
  return row
}

export interface NewApplication {
  origin: ApplicationOrigin
  state: ApplicationState
  studentId: string
  adults: { personId: string, relationship?: string | null }[]
  yearLevel: string
  entryYear?: number | null
  campusId?: string | null
  startsOn?: string | null
  loadBasisPoints?: number | null
  affiliationId?: string | null
  receivedAt: string
}

/** Writes an application and its adults, in the order sent, inside a write; the caller announces it. */
export async function insertApplication(tx: Db, school: SchoolRef, input: NewApplication): Promise<string> {
  const id = newId('apl')
  await tx.insert(applications).values({
    id,
    schoolId: school.id,
    studentId: input.studentId,
    origin: input.origin,
    state: input.state,
    yearLevel: input.yearLevel,
    entryYear: input.entryYear ?? null,
    campusId: input.campusId ?? null,
    loadBasisPoints: input.loadBasisPoints ?? null,
    startsOn: input.startsOn ?? null,
    affiliationId: input.affiliationId ?? null,
    receivedAt: input.receivedAt,
    updatedAt: input.receivedAt
  })
  await tx.insert(applicationAdults).values(input.adults.map((adult, position) => ({
    id: newId('apa'), applicationId: id, personId: adult.personId, position, relationship: adult.relationship ?? null
  })))
  return id
}
