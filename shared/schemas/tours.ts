import { z } from 'zod'
import { apiSchemas, listValue, pageQueryShape, plainLine, recordId, timestamp } from './common'

/** The most places a tour may have. */
export const tourCapacityLimit = 100_000

const campusName = plainLine(200)

export const tourSchema = z.object({
  id: recordId('tou'),
  title: z.string(),
  startsAt: timestamp,
  venue: z.string(),
  placesLeft: z.number().int().min(1).describe('Places still free; a full tour is not listed.'),
  campus: z.string().nullable().describe('The campus\'s name; null for a tour of the whole school.'),
  audience: z.string().describe('Who the tour is for; one of the school\'s audiences.')
}).register(apiSchemas, { id: 'Tour' })

export const toursAnswerSchema = z.object({
  tours: z.array(tourSchema).describe('Future tours that still have a place, soonest first.')
}).register(apiSchemas, { id: 'TourList' })

export const toursQuery = z.strictObject({
  campus: campusName.optional().describe('Only tours at the campus of this name.'),
  audience: listValue(64).optional().describe('Only tours for this audience.')
})

export const tourIdParams = z.object({ id: recordId('tou').describe('The tour\'s id.') })

export const bookingReceiptSchema = z.object({
  id: recordId('bkg'),
  enquiryId: recordId('enq'),
  receivedAt: timestamp
}).register(apiSchemas, { id: 'BookingReceipt' })

const tourFields = {
  title: plainLine(200),
  startsAt: z.iso.datetime({ offset: true, error: 'Use a timestamp such as 2026-03-01T09:30:00.000Z.' }),
  venue: plainLine(200),
  capacity: z.number().int().min(1).max(tourCapacityLimit).describe('Places; an open day on the oval can take thousands.'),
  campus: campusName.nullable().optional().describe('Required where the school has more than one campus.'),
  audience: z.string().min(1).max(64)
}

/** A new tour, as the office gives it (the screens and the domain read it alike). */
export const tourInputSchema = z.strictObject(tourFields)
export type TourInput = z.input<typeof tourInputSchema>

/** Changes to a tour: any of its fields. */
export const tourChangesSchema = z.strictObject(tourFields).partial()
export type TourChanges = z.input<typeof tourChangesSchema>

/** The office's tour list: tours still to start, or those that have started. */
export const tourScheduleQuery = z.strictObject({
  when: z.enum(['upcoming', 'past']).default('upcoming').describe('`upcoming`: soonest first; `past`: latest first.'),
  ...pageQueryShape
})

/** A tour as the office works it: full and cancelled ones too, with places taken and left. */
export const officeTourSchema = z.object({
  id: recordId('tou'),
  title: z.string(),
  startsAt: timestamp,
  venue: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  placesLeft: z.number().int().min(0),
  campus: z.string().nullable(),
  audience: z.string(),
  cancelled: z.boolean()
})

export const tourSchedulePageSchema = z.object({ items: z.array(officeTourSchema), nextCursor: z.string().nullable() })

export const tourBookingsQuery = z.strictObject({ ...pageQueryShape })

/** A booking with the family it came from: the child, and the adult who booked with their contact details. */
export const tourBookingSchema = z.object({
  id: recordId('bkg'),
  receivedAt: timestamp,
  enquiryId: recordId('enq'),
  child: z.object({ personId: recordId('per'), familyName: z.string(), givenNames: z.string() }),
  adult: z.object({
    personId: recordId('per'), familyName: z.string(), givenNames: z.string(),
    email: z.string().nullable(), phone: z.string().nullable(), relationship: z.string().nullable()
  })
})

export const tourBookingsPageSchema = z.object({ items: z.array(tourBookingSchema), nextCursor: z.string().nullable() })
