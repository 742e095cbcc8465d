import { and, asc, desc, eq, gt, lte } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import { bookings, campuses, enquiries, people, tours } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { timestampNow } from '../days/clock'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { requireTour } from './tour-records'

export interface TourSchedulePageRequest {
  limit: number
  /** The `[startsAt, id]` of the last tour of the previous page. */
  after?: [string, string]
}

/** `upcoming`: tours still to start, soonest first; `past`: tours that have started, latest first. */
export type TourScheduleWhen = 'upcoming' | 'past'

const tourColumns = {
  id: tours.id, title: tours.title, startsAt: tours.startsAt, venue: tours.venue, capacity: tours.capacity,
  booked: tours.booked, campus: campuses.name, audience: tours.audience, cancelledAt: tours.cancelledAt
}

interface TourScheduleRow {
  id: string
  title: string
  startsAt: string
  venue: string
  capacity: number
  booked: number
  campus: string | null
  audience: string
  cancelledAt: string | null
}

/** A tour as the office reads it: its places taken and left (never below 0), and whether it is cancelled. */
function officeTourView({ cancelledAt, ...tour }: TourScheduleRow) {
  return { ...tour, placesLeft: Math.max(0, tour.capacity - tour.booked), cancelled: cancelledAt !== null }
}

/**
 * One page of the school's tours as the office works them: every tour, full and cancelled ones too,
 * with places taken and left. The interface's list (listTours) offers only what a family can book.
 */
export async function listTourSchedule({ database, school }: DomainContext, request: TourSchedulePageRequest, when: TourScheduleWhen) {
  const now = timestampNow()
  const after = request.after
  const upcoming = when === 'upcoming'
  const rows = await database.db
    .select(tourColumns)
    .from(tours)
    .leftJoin(campuses, eq(campuses.id, tours.campusId))
    .where(and(
      eq(tours.schoolId, school.id),
      upcoming ? gt(tours.startsAt, now) : lte(tours.startsAt, now),
      afterPosition(tours.startsAt, tours.id, after, upcoming ? 'asc' : 'desc')
    ))
    .orderBy(...upcoming ? [asc(tours.startsAt), asc(tours.id)] : [desc(tours.startsAt), desc(tours.id)])
    .limit(request.limit + 1)
  return keysetSlice(rows, request.limit, officeTourView, (last): [string, string] => [last.startsAt, last.id])
}

/** One of the school's tours as the office reads it; `not_found` for a missing one or another school's. */
export async function readTour({ database, school }: DomainContext, tourId: string) {
  const tour = await requireTour(database.db, school, tourId)
  const [campus] = tour.campusId ? await database.db.select({ name: campuses.name }).from(campuses).where(eq(campuses.id, tour.campusId)) : []
  return officeTourView({
    id: tour.id, title: tour.title, startsAt: tour.startsAt, venue: tour.venue, capacity: tour.capacity, booked: tour.booked,
    campus: campus?.name ?? null, audience: tour.audience, cancelledAt: tour.cancelledAt
  })
}

export interface TourBookingsPageRequest {
  limit: number
  /** The `[receivedAt, id]` of the last booking of the previous page. */
  after?: [string, string]
}

const enquirer = alias(people, 'enquirer')

/**
 * One page of a tour's bookings, in the order they arrived, each with the enquiry it came with: the
 * child, and the adult who booked with their contact details. `not_found` for another school's tour.
 */
export async function listTourBookings(ctx: DomainContext, tourId: string, request: TourBookingsPageRequest) {
  const { database, school } = ctx
  const tour = await requireTour(database.db, school, tourId)
  const after = request.after
  const rows = await database.db
    .select({
      id: bookings.id, receivedAt: bookings.receivedAt, enquiryId: bookings.enquiryId, relationship: enquiries.relationship,
      childId: people.id, childFamilyName: people.familyName, childGivenNames: people.givenNames,
      adultId: enquirer.id, adultFamilyName: enquirer.familyName, adultGivenNames: enquirer.givenNames, email: enquirer.email, phone: enquirer.phone
    })
    .from(bookings)
    .innerJoin(enquiries, eq(enquiries.id, bookings.enquiryId))
    .innerJoin(people, eq(people.id, enquiries.studentId))
    .innerJoin(enquirer, eq(enquirer.id, enquiries.enquirerId))
    .where(and(
      eq(bookings.schoolId, school.id),
      eq(bookings.tourId, tour.id),
      afterPosition(bookings.receivedAt, bookings.id, after)
    ))
    .orderBy(asc(bookings.receivedAt), asc(bookings.id))
    .limit(request.limit + 1)
  return keysetSlice(rows, request.limit, row => ({
    id: row.id,
    receivedAt: row.receivedAt,
    enquiryId: row.enquiryId,
    child: { personId: row.childId, familyName: row.childFamilyName, givenNames: row.childGivenNames },
    adult: {
      personId: row.adultId, familyName: row.adultFamilyName, givenNames: row.adultGivenNames, email: row.email, phone: row.phone,
      relationship: row.relationship
    }
  }), (last): [string, string] => [last.receivedAt, last.id])
}
