import { and, asc, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { applicationAdults, applications, bookings, campuses, enquiries, people, tours } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { childIdsShown } from '../access/children-shown'
import { bookTour } from './book-tour'
import { listTours } from './list-tours'

const student = alias(people, 'student')

/**
 * Applications and tours: the applications the adult is an adult of, with their state and dates; the
 * tours still to come with a place; and the adult's own bookings. A child the adult may not see is
 * left out whole (standing's childIdsShown for `applications`).
 */
export async function portalApplications(ctx: DomainContext, adultId: string, day: string) {
  const applied = await ctx.database.db.selectDistinct({
    id: applications.id, childId: student.id, familyName: student.familyName, givenNames: student.givenNames,
    state: applications.state, yearLevel: applications.yearLevel, entryYear: applications.entryYear, campus: campuses.name,
    receivedAt: applications.receivedAt, offeredAt: applications.offeredAt, answeredAt: applications.answeredAt, startsOn: applications.startsOn,
    updatedAt: applications.updatedAt
  })
    .from(applicationAdults)
    .innerJoin(applications, eq(applications.id, applicationAdults.applicationId))
    .innerJoin(student, eq(student.id, applications.studentId))
    .leftJoin(campuses, eq(campuses.id, applications.campusId))
    .where(and(eq(applicationAdults.personId, adultId), eq(applications.schoolId, ctx.school.id)))
    .orderBy(desc(applications.receivedAt), asc(applications.id))
  const booked = await ctx.database.db.select({
    id: bookings.id, receivedAt: bookings.receivedAt, childId: student.id, familyName: student.familyName, givenNames: student.givenNames,
    tourId: tours.id, title: tours.title, startsAt: tours.startsAt, venue: tours.venue, cancelledAt: tours.cancelledAt
  })
    .from(enquiries)
    .innerJoin(bookings, eq(bookings.enquiryId, enquiries.id))
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(student, eq(student.id, enquiries.studentId))
    .where(and(eq(enquiries.schoolId, ctx.school.id), eq(enquiries.enquirerId, adultId)))
    .orderBy(desc(tours.startsAt), asc(bookings.id))
  const inView = await childIdsShown(ctx, adultId, 'applications', day, [...applied, ...booked].map(row => row.childId))
  const child = (row: { childId: string, familyName: string, givenNames: string }) =>
    ({ id: row.childId, familyName: row.familyName, givenNames: row.givenNames })
  return {
    applications: applied.filter(row => inView.has(row.childId))
      .map(({ childId, familyName, givenNames, ...application }) => ({ ...application, child: child({ childId, familyName, givenNames }) })),
    tours: await listTours(ctx),
    bookings: booked.filter(row => inView.has(row.childId)).map(row => ({
      id: row.id,
      tour: { id: row.tourId, title: row.title, startsAt: row.startsAt, venue: row.venue, cancelled: row.cancelledAt !== null },
      child: child(row),
      receivedAt: row.receivedAt
    }))
  }
}

/** A family's own tour booking: the API's booking (bookTour, its rule and its events) with the adult on file as the enquirer. */
export function bookTourFromPortal(
  ctx: DomainContext, adultId: string, tourId: string,
  input: { student: { familyName: string, givenNames: string }, relationship?: string, intendedEntryYear?: number }
) {
  return bookTour(
    ctx, tourId,
    { student: input.student, enquirer: { personId: adultId, relationship: input.relationship }, intendedEntryYear: input.intendedEntryYear }
  )
}
