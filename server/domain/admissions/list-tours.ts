import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm'
import { campuses, tours } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { timestampNow } from '../days/clock'
import { schoolDataCache } from '../shared/school-data-cache'

export interface TourFilters {
  /** A campus's name. */
  campus?: string
  audience?: string
}

interface BookableTour { id: string, title: string, startsAt: string, venue: string, campus: string | null, audience: string, placesLeft: number }

/**
 * The school's tours that had not begun when it was read, are not cancelled and still have a place,
 * soonest first: kept while the school's data is unchanged (a booking, an edit or a cancellation bumps
 * its version), since every family's site asks for it. Which of them have begun since is the caller's to
 * leave out, at the moment it asks.
 */
function bookableTours({ database, school }: DomainContext): Promise<BookableTour[]> {
  return schoolDataCache.get(school, 'bookable-tours', async () => {
    const rows = await database.db
      .select({
        id: tours.id, title: tours.title, startsAt: tours.startsAt, venue: tours.venue,
        capacity: tours.capacity, booked: tours.booked, campus: campuses.name, audience: tours.audience
      })
      .from(tours)
      .leftJoin(campuses, eq(campuses.id, tours.campusId))
      .where(and(eq(tours.schoolId, school.id), gt(tours.startsAt, timestampNow()), isNull(tours.cancelledAt), lt(tours.booked, tours.capacity)))
      .orderBy(asc(tours.startsAt), asc(tours.id))
    return rows.map(({ capacity, booked, ...tour }) => ({ ...tour, placesLeft: capacity - booked }))
  }, list => JSON.stringify(list).length * 2)
}

/** The school's future tours that are not cancelled and still have a place, soonest first. It reads no booking or family. */
export async function listTours(ctx: DomainContext, filters: TourFilters = {}) {
  const now = timestampNow()
  return (await bookableTours(ctx)).filter(tour => tour.startsAt > now
    && (filters.campus === undefined || tour.campus === filters.campus)
    && (filters.audience === undefined || tour.audience === filters.audience))
}
