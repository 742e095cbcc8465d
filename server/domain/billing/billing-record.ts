import { and, asc, eq, isNull } from 'drizzle-orm'
import { billingResponsibilities, concessions, people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'

/**
 * Who pays a student's charges and the concessions they hold, open and closed rows alike, each with
 * its span; null when the school has no such person (deleted, or another school's).
 */
export async function getBillingRecord({ database, school }: DomainContext, studentId: string) {
  const [person] = await database.db.select({ id: people.id }).from(people)
    .where(and(eq(people.schoolId, school.id), eq(people.id, studentId), isNull(people.deletedAt)))
  if (!person) return null
  const [responsibilities, held] = await Promise.all([
    database.db.select({
      id: billingResponsibilities.id,
      payerId: billingResponsibilities.payerId,
      category: billingResponsibilities.category,
      share: billingResponsibilities.share,
      validFrom: billingResponsibilities.validFrom,
      validTo: billingResponsibilities.validTo
    }).from(billingResponsibilities)
      .where(and(eq(billingResponsibilities.schoolId, school.id), eq(billingResponsibilities.studentId, studentId)))
      .orderBy(asc(billingResponsibilities.category), asc(billingResponsibilities.validFrom), asc(billingResponsibilities.id)),
    database.db.select({ id: concessions.id, kind: concessions.kind, validFrom: concessions.validFrom, validTo: concessions.validTo })
      .from(concessions)
      .where(and(eq(concessions.schoolId, school.id), eq(concessions.studentId, studentId)))
      .orderBy(asc(concessions.validFrom), asc(concessions.id))
  ])
  return { id: person.id, responsibilities, concessions: held }
}
