import { and, eq, exists } from 'drizzle-orm'
import { applicationAdults, applications, bookings, enquiries } from '../../../db/schema'
import type { DomainContext } from '../shared/context'

/**
 * The children and adults the school's applications (among their adults) and tour bookings (as the
 * enquirer) name together, for one child or one adult: standing asks from the child's side, the
 * portal's lists of an adult's children from the adult's. `enquiriesCounted: 'any'` counts an enquiry
 * without a booking too: that puts an adult on file (requireAdultOnFile), though it grants no standing.
 */
export async function namedOnAdmissions(
  ctx: Pick<DomainContext, 'database' | 'school'>, side: { childId: string } | { adultId: string }, enquiriesCounted: 'booked' | 'any' = 'booked'
) {
  const { database, school } = ctx
  const [applied, enquired] = await Promise.all([
    database.db.selectDistinct({ childId: applications.studentId, adultId: applicationAdults.personId }).from(applications)
      .innerJoin(applicationAdults, eq(applicationAdults.applicationId, applications.id))
      .where(and(
        eq(applications.schoolId, school.id),
        'childId' in side ? eq(applications.studentId, side.childId) : eq(applicationAdults.personId, side.adultId)
      )),
    database.db.selectDistinct({ childId: enquiries.studentId, adultId: enquiries.enquirerId }).from(enquiries)
      .where(and(
        eq(enquiries.schoolId, school.id),
        'childId' in side ? eq(enquiries.studentId, side.childId) : eq(enquiries.enquirerId, side.adultId),
        enquiriesCounted === 'booked' ? exists(database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.enquiryId, enquiries.id))) : undefined
      ))
  ])
  return [...applied, ...enquired]
}
