import { and, eq, lt, sql } from 'drizzle-orm'
import { bookings, tours } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { domainError } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { insertEnquiry, type EnquiryRecord } from '../enquiries/record-enquiry'
import { requireTour } from './tour-records'

/**
 * Books a family into a tour: the enquiry, its two people and the booking are made in one write, or
 * nothing is. The place is taken first, with a conditional update: the school's writers already run
 * one at a time (writeChanges), and the condition keeps the last place from being taken twice even
 * so. A full tour is `conflict` (`tour-full`); a past or cancelled one `unprocessable`. The API's
 * bookings and the family portal's (whose enquirer is the adult on file) both come here.
 */
export function bookTour(ctx: DomainContext, tourId: string, input: EnquiryRecord) {
  return writeChanges(ctx, async (tx, changes) => {
    const tour = await requireTour(tx, ctx.school, tourId)
    const now = timestampNow()
    if (tour.cancelledAt) throw domainError('unprocessable', ['The tour is cancelled.'])
    if (tour.startsAt <= now) throw domainError('unprocessable', ['The tour has already started.'])
    const [taken] = await tx.update(tours).set({ booked: sql`${tours.booked} + 1`, updatedAt: now })
      .where(and(eq(tours.id, tour.id), lt(tours.booked, tours.capacity)))
      .returning({ id: tours.id })
    if (!taken) throw domainError('conflict', ['tour-full'])
    const enquiry = await insertEnquiry(tx, changes, ctx.school, input)
    const id = newId('bkg')
    await tx.insert(bookings).values({ id, schoolId: ctx.school.id, tourId: tour.id, enquiryId: enquiry.id, receivedAt: enquiry.receivedAt })
    changes.record('booking.created', 'bookings', id)
    changes.record('tour.updated', 'tours', tour.id)
    return { id, enquiryId: enquiry.id, receivedAt: enquiry.receivedAt }
  })
}
