import { asc, eq } from 'drizzle-orm'
import { applicationAdults, applications } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { domainError } from '../shared/domain-error'
import { requireSchool } from '../schools/find-school'

/** The school an application belongs to, for callers that start from the application alone (the admin CLI). */
export async function schoolOfApplication(database: Database, applicationId: string): Promise<SchoolRef> {
  const [row] = await database.db.select({ schoolId: applications.schoolId }).from(applications).where(eq(applications.id, applicationId))
  if (!row) throw domainError('not_found', [`No application with the id ${applicationId}.`])
  return requireSchool(database, row.schoolId)
}

/** The school's applications and enrolments, oldest first, with their adults' ids in the order sent. */
export async function listApplications({ database, school }: DomainContext) {
  const rows = await database.db.select().from(applications).where(eq(applications.schoolId, school.id))
    .orderBy(asc(applications.receivedAt), asc(applications.id))
  const adults = await database.db.select({
    applicationId: applicationAdults.applicationId, personId: applicationAdults.personId, position: applicationAdults.position
  })
    .from(applicationAdults).innerJoin(applications, eq(applications.id, applicationAdults.applicationId))
    .where(eq(applications.schoolId, school.id)).orderBy(asc(applicationAdults.position))
  return rows.map(({ schoolId: _, ...application }) => ({
    ...application,
    adultIds: adults.filter(adult => adult.applicationId === application.id).map(adult => adult.personId)
  }))
}
