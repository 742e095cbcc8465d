import { z } from 'zod'
import { retentionRecordClasses, retentionTriggers } from '../vocabulary'
import { day, pageQueryShape, plainLine, recordId, timestamp } from './common'

/*
 * Settings → Data retention (docs/retention.md): the schedule as the screen reads it, and the form's schema for one
 * class's period, which the server validates with too.
 */

/** The longest period a school may set: a century, past any schedule's longest (a safeguarding file's 75 years after birth). */
export const longestRetentionMonths = 1200

const wholeMonths = `Use a whole number of months from 0 to ${longestRetentionMonths}.`

export const retentionRecordClass = z.enum(retentionRecordClasses)

/** One class's period as the school sets it; a period shorter than the class's default needs a reason (checked by the server). */
export const retentionPeriodInput = z.strictObject({
  months: z.number(wholeMonths).int(wholeMonths).min(0, wholeMonths).max(longestRetentionMonths, wholeMonths),
  reason: plainLine(500, 'Say why the period is shorter.').optional()
})
export type RetentionPeriodInput = z.input<typeof retentionPeriodInput>

export const retentionClassSchema = z.object({
  recordClass: retentionRecordClass,
  trigger: z.enum(retentionTriggers).describe('What the period runs from.'),
  defaultMonths: z.number().int(),
  floorMonths: z.number().int().describe('The least the school may set.'),
  mayShorten: z.boolean().describe('Whether the school may set a period shorter than the default, with a reason.'),
  months: z.number().int().describe('The school\'s period: its own where it chose one, the default otherwise.'),
  source: z.string().describe('The published schedule the default comes from, with its version.'),
  evidence: z.enum(['verified', 'secondary', 'unverified', 'own']),
  changedBy: z.string().nullable().describe('Who set the school\'s period, as the screens name them; null while it is the default.'),
  changedAt: timestamp.nullable(),
  reason: z.string().nullable()
})

export const retentionScheduleSchema = z.object({ classes: z.array(retentionClassSchema) })

/*
 * The sweep's preview (Settings → Data retention → Due, docs/retention.md "The sweep"): the form of a legal hold, the
 * answers the screen reads.
 */

/** A legal hold as the office places it: one line of reason and the day it ends, after today (checked by the server). */
export const legalHoldInput = z.strictObject({
  personId: recordId('per'),
  reason: plainLine(500, 'Say why the record is held.'),
  endsOn: day
})
export type LegalHoldInput = z.input<typeof legalHoldInput>

export const legalHoldSchema = z.object({
  id: z.string(),
  personId: z.string(),
  name: z.string().describe('The person\'s name, read live.'),
  reason: z.string(),
  endsOn: z.string(),
  placedBy: z.string(),
  placedAt: timestamp
})

export const retentionDueCountSchema = z.object({
  recordClass: retentionRecordClass,
  due: z.number().int().describe('Records past their period in the due list.'),
  erasableFrom: timestamp.nullable().describe('The earliest of them may go from then on; null when none is due.'),
  review: z.boolean().describe('Restricted records: reviewed by the office, never erased by the sweep.')
})

export const retentionDueSummarySchema = z.object({
  counts: z.array(retentionDueCountSchema),
  holds: z.array(legalHoldSchema).nullable().describe('The holds in force; null for staff without `retention.manage`.')
})

export const retentionDueRecordSchema = z.object({
  recordClass: retentionRecordClass,
  subjectKind: z.enum(['person', 'protection_flag', 'court_order']),
  subjectId: z.string(),
  personId: z.string(),
  name: z.string().describe('The person\'s name, read live.'),
  passedOn: z.string(),
  erasableFrom: timestamp.nullable().describe('Null for a restricted record: reviewed, never erased by the sweep.'),
  held: z.boolean(),
  reviewedAt: timestamp.nullable()
})

export const retentionDueQuery = z.strictObject({
  recordClass: retentionRecordClass.optional(),
  q: z.string().max(100, 'At most 100 characters.').optional().describe('A name, or its start, as typed.'),
  ...pageQueryShape
})

export const retentionDuePageSchema = z.object({ items: z.array(retentionDueRecordSchema), nextCursor: z.string().nullable() })

export const restrictedReviewInput = z.strictObject({
  subjectKind: z.enum(['protection_flag', 'court_order']),
  subjectId: recordId('prf')
})
