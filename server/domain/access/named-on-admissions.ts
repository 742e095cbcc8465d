import { and, eq, exists, inArray, type Column } from 'drizzle-orm'
import { applicationAdults, applications, bookings, enquiries } from '../../../db/schema'
import type { DomainContext } from '../shared/context'

/** Whose pairs are asked for: one child's, several children's at once, or one adult's. */
type Side = { childId: string } | { childIds: readonly string[] } | { adultId: string }

function sideIs(side: Side, childColumn: Column, adultColumn: Column) {
  if ('adultId' in side) return eq(adultColumn, side.adultId)
  return 'childId' in side ? eq(childColumn, side.childId) : inArray(childColumn, [...side.childIds])
}

/**
 * The children and adults the school's applications (among their adults) and tour bookings (as the
 * enquirer) name together, for one child, some children or one adult: standing asks from the children's
 * side, the portal's lists of an adult's children from the adult's. `enquiriesCounted: 'any'` counts an
 * enquiry without a booking too: that puts an adult on file (requireAdultOnFile), though it grants no standing.
 */
export async function namedOnAdmissions(
  ctx: Pick<DomainContext, 'database' | 'school'>, side: Side, enquiriesCounted: 'booked' | 'any' = 'booked'
) {
  const { database, school } = ctx
  const [applied, enquired] = await Promise.all([
    database.db.selectDistinct({ childId: applications.studentId, adultId: applicationAdults.personId }).from(applications)
      .innerJoin(applicationAdults, eq(applicationAdults.applicationId, applications.id))
      .where(and(eq(applications.schoolId, school.id), sideIs(side, applications.studentId, applicationAdults.personId))),
    database.db.selectDistinct({ childId: enquiries.studentId, adultId: enquiries.enquirerId }).from(enquiries)
      .where(and(
        eq(enquiries.schoolId, school.id),
        sideIs(side, enquiries.studentId, enquiries.enquirerId),
        enquiriesCounted === 'booked' ? exists(database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.enquiryId, enquiries.id))) : undefined
      ))
  ])
  return [...applied, ...enquired]
}
