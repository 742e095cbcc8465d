import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm'
import { campuses, tours } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { timestampNow } from '../shared/clock'

export interface TourFilters {
  /** A campus's name. */
  campus?: string
  audience?: string
}

/** The school's future tours that are not cancelled and still have a place, soonest first. It reads no booking or family. */
export async function listTours({ database, school }: DomainContext, filters: TourFilters = {}) {
  const rows = await database.db
    .select({
      id: tours.id, title: tours.title, startsAt: tours.startsAt, venue: tours.venue,
      capacity: tours.capacity, booked: tours.booked, campus: campuses.name, audience: tours.audience
    })
    .from(tours)
    .leftJoin(campuses, eq(campuses.id, tours.campusId))
    .where(and(
      eq(tours.schoolId, school.id),
      gt(tours.startsAt, timestampNow()),
      isNull(tours.cancelledAt),
      lt(tours.booked, tours.capacity),
      filters.campus !== undefined ? eq(campuses.name, filters.campus) : undefined,
      filters.audience !== undefined ? eq(tours.audience, filters.audience) : undefined
    ))
    .orderBy(asc(tours.startsAt), asc(tours.id))
  return rows.map(({ capacity, booked, ...tour }) => ({ ...tour, placesLeft: capacity - booked }))
}
