import { z } from 'zod'
import { apiSchemas, day, listValue, plainLine, recordId, timestamp } from './common'
import { adultReferenceSchema, studentReferenceSchema } from './person-references'

const yearLevel = listValue(32).describe('One of the school\'s year levels.')
const campus = plainLine(200).describe('The campus\'s name; required where the school has more than one.')

export const applicationInputSchema = z.strictObject({
  student: studentReferenceSchema,
  adults: z.array(adultReferenceSchema).min(1, 'Give at least one adult.').max(4, 'At most 4 adults.')
    .describe('One to four adults; the first is the one the school answers.'),
  placement: z.strictObject({
    yearLevel,
    entryYear: z.number().int().min(2000).max(2100)
  })
}).register(apiSchemas, { id: 'ApplicationInput' })

export type ApplicationInput = z.output<typeof applicationInputSchema>

export const applicationReceiptSchema = z.object({
  id: recordId('apl'),
  studentId: recordId('per'),
  adultIds: z.array(recordId('per')).describe('In the order the adults were sent.'),
  receivedAt: timestamp
}).register(apiSchemas, { id: 'ApplicationReceipt' })

export const applicationIdParams = z.object({ id: recordId('apl').describe('The application\'s id.') })

const startedEvent = z.strictObject({
  kind: z.literal('started'),
  occurredOn: day.describe('The first day on the roll.'),
  placement: z.strictObject({
    yearLevel: yearLevel.optional().describe('Default: the year level applied for.'),
    campus: campus.optional(),
    load: z.number().gt(0, 'Use a number above 0 and at most 1.').lte(1, 'Use a number above 0 and at most 1.').optional()
      .describe('Share of full time, in (0, 1]; default 1.')
  }).optional()
})

const withdrawnEvent = z.strictObject({
  kind: z.literal('withdrawn'),
  occurredOn: day.describe('The last day on the roll, for a child who started; otherwise the day the family withdrew.'),
  reason: listValue(64).describe('One of the school\'s withdrawal reasons.')
})

export const applicationEventInputSchema = z.discriminatedUnion('kind', [startedEvent, withdrawnEvent], {
  error: 'Use `started` or `withdrawn`.'
}).register(apiSchemas, { id: 'ApplicationEventInput' })

export type ApplicationEventInput = z.output<typeof applicationEventInputSchema>

export const applicationEventReceiptSchema = z.object({
  id: recordId('evt'),
  personId: recordId('per'),
  kind: z.enum(['started', 'withdrawn']),
  occurredOn: day
}).register(apiSchemas, { id: 'ApplicationEventReceipt' })

/** The office's offer: the first day on the roll and, at a school with campuses, where. */
export const offerInputSchema = z.strictObject({
  startsOn: day.optional().describe('Default: the first of January of the entry year, or today when that has passed.'),
  campus: campus.optional()
})
export type OfferInput = z.input<typeof offerInputSchema>

export const enrolmentInputSchema = z.strictObject({
  student: studentReferenceSchema,
  carers: z.array(adultReferenceSchema).min(1, 'Give at least one carer.').max(4, 'At most 4 carers.')
    .describe('Each is given parental responsibility from `startsOn`.'),
  yearLevel,
  campus: campus.optional(),
  startsOn: day
}).register(apiSchemas, { id: 'EnrolmentInput' })

export type EnrolmentInput = z.output<typeof enrolmentInputSchema>

export const enrolmentReceiptSchema = z.object({
  applicationId: recordId('apl'),
  studentId: recordId('per'),
  carerIds: z.array(recordId('per')),
  startsOn: day
}).register(apiSchemas, { id: 'EnrolmentReceipt' })
