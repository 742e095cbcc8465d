import { z } from 'zod'
import { apiSchemas, day, pageQueryShape, recordId } from './common'

export const startersQuery = z.strictObject({
  from: day.optional().describe('First day of the window; default today in the school\'s time zone.'),
  to: day.optional().describe('Last day of the window (inclusive); default a year after `from`.'),
  ...pageQueryShape
})

export const starterSchema = z.object({
  applicationId: recordId('apl'),
  personId: recordId('per'),
  familyName: z.string(),
  givenNames: z.string(),
  dateOfBirth: day.nullable(),
  started: z.boolean().describe('Whether `startsOn` is today or earlier in the school\'s time zone.'),
  startsOn: day,
  yearLevel: z.string(),
  campus: z.string().nullable().describe('The campus\'s name; null where the school has none, or none is decided yet.')
}).register(apiSchemas, { id: 'Starter' })

export const starterAdultSchema = z.object({
  personId: recordId('per'),
  familyName: z.string(),
  givenNames: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  relationship: z.string().nullable(),
  childIds: z.array(recordId('per')).describe('The children of this page the adult is sent for.')
}).register(apiSchemas, { id: 'StarterAdult' })

export const starterWaitingSchema = z.object({
  applicationId: recordId('apl'),
  personId: recordId('per'),
  campus: z.string().nullable()
}).register(apiSchemas, { id: 'StarterWaiting' })

export const startersPageSchema = z.object({
  items: z.array(starterSchema).describe('Earliest first (by `startsOn`, then application id).'),
  adults: z.array(starterAdultSchema).describe('The adults of this page\'s children, with contact details.'),
  waiting: z.array(starterWaitingSchema).describe('Children of this page at a multi-campus school whose campus has no SIS code yet.'),
  nextCursor: z.string().nullable()
}).register(apiSchemas, { id: 'StarterPage' })

/** The starters as the office reads them: a child under restriction is listed only to staff holding `restricted.read`, marked. */
export const officeStartersPageSchema = startersPageSchema.extend({
  items: z.array(starterSchema.extend({ restricted: z.boolean().describe('Under a protection flag or court order today.') }))
})
