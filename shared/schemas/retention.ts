import { z } from 'zod'
import { retentionRecordClasses, retentionTriggers } from '../vocabulary'
import { plainLine, timestamp } from './common'

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
