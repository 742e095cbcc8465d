import { z } from 'zod'
import { absenceReasons, absenceReporters } from '../vocabulary'
import { apiSchemas, day, pageOf, pageQueryShape, plainLine, recordId, timestamp } from './common'

/*
 * Absences (docs/absences.md): what a family reports and the office records, what the attendance system
 * sends of the register, and what each side reads back.
 */

/** The most days ahead an absence may start or end: a day further off is `unprocessable`. */
export const absenceDaysAhead = 60

/** A document's most bytes: a doctor's letter, a PDF or an image. */
export const absenceDocumentBytes = 5 * 1024 * 1024

/** The types a document may be, read from its bytes, never from its name or what the sender says. */
export const absenceDocumentTypes = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const

/** A time of day in the school's zone, `HH:MM` (24-hour). */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time as HH:MM (24-hour).').meta({ examples: ['09:00'] })

export const absenceReason = z.enum(absenceReasons)

/** A note beside the reason: free text over lines, as a parent writes it. */
const absenceNote = z.string().trim().max(2000, 'At most 2000 characters.')

/** A document sent with a report, its bytes in base64; its type is read from them. */
export const absenceDocumentInput = z.strictObject({
  name: plainLine(200),
  content: z.string().min(1, 'Required.').max(Math.ceil(absenceDocumentBytes / 3) * 4 + 4, 'At most 5 MB.')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Not base64.')
    .describe('The file\'s bytes in base64, at most 5 MB once decoded: a PDF, or a PNG, JPEG, WebP or GIF image.')
})

/** When a child is away: whole days from `firstDay` to `lastDay`, or a part of one day from `fromTime` to `toTime`. */
const absenceSpanShape = {
  firstDay: day,
  lastDay: day.optional().describe('The last day away, inclusive; the first day when absent.'),
  fromTime: clockTime.optional().describe('For a part of one day: when the child leaves or is away from, in the school\'s time zone.'),
  toTime: clockTime.optional().describe('For a part of one day: when the child is back.')
}

const reasonShape = {
  reason: absenceReason,
  note: absenceNote.optional().describe('Required with `other`.'),
  document: absenceDocumentInput.optional()
}

/** A family's report in the portal: the child, when, why. */
export const portalAbsenceInput = z.strictObject({ childId: recordId('per'), ...absenceSpanShape, ...reasonShape })

/** A family's explanation of an absence the attendance system reported: why, for the day and period it named. */
export const explainAbsenceInput = z.strictObject(reasonShape)

/** The office records an absence a family phoned in: the child, when, why, and the adult who called when one of the child's. */
export const officeAbsenceInput = z.strictObject({
  childId: recordId('per'), ...absenceSpanShape, ...reasonShape,
  onBehalfOf: recordId('per').optional().describe('The adult who told the office, one with `attendance` standing on the child.')
})

/** An absence as the portal shows it to an adult. */
export const portalAbsenceSchema = z.object({
  id: z.string(),
  childId: z.string(),
  firstDay: day,
  lastDay: day,
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
  reason: absenceReason,
  note: z.string().nullable(),
  documentName: z.string().nullable(),
  reportedBy: z.enum(absenceReporters),
  reportedAt: timestamp,
  acknowledged: z.boolean(),
  withdrawn: z.boolean(),
  canWithdraw: z.boolean().describe('Whether its first day is still ahead, so the adult may withdraw it.'),
  explains: z.string().nullable()
})

/** An absence the register found that the family has not yet explained. */
export const unexplainedAbsenceSchema = z.object({
  id: z.string(),
  childId: z.string(),
  day,
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
  receivedAt: timestamp
})

const childName = z.object({ id: z.string(), familyName: z.string(), givenNames: z.string() })

export const portalAbsencesQuery = z.strictObject({ ...pageQueryShape })

/** The portal's Absences: the children the adult may report for, the reasons offered, what waits for an explanation, and a page of absences. */
export const portalAbsencesSchema = z.object({
  today: day,
  lastDayAllowed: day,
  children: z.array(childName.extend({ firstDay: day.nullable(), lastDay: day.nullable() })),
  reasons: z.array(absenceReason),
  unexplained: z.array(unexplainedAbsenceSchema),
  items: z.array(portalAbsenceSchema),
  nextCursor: z.string().nullable()
})

/** An absence as the office reads it, on the child's record and the day list. */
export const officeAbsenceSchema = portalAbsenceSchema.omit({ canWithdraw: true }).extend({
  note: z.string().nullable().describe('Null when the reason is one the school marks sensitive and the caller lacks `restricted.read`.'),
  documentName: z.string().nullable(),
  hasDocument: z.boolean(),
  sensitive: z.boolean(),
  reportedByAdult: z.string().nullable().describe('The adult who reported it, or for whom the office recorded it: their name.'),
  enteredByName: z.string().nullable().describe('For an absence the office recorded: who in the office, as the screens name staff.'),
  acknowledgedAt: timestamp.nullable(),
  acknowledgedByName: z.string().nullable(),
  withdrawnAt: timestamp.nullable()
})

export const childAbsencesSchema = z.object({
  items: z.array(officeAbsenceSchema),
  unexplained: z.array(unexplainedAbsenceSchema.extend({ explainedAt: timestamp.nullable(), notified: z.boolean() })),
  nextCursor: z.string().nullable()
})

export const childAbsencesQuery = z.strictObject({ ...pageQueryShape })

export const dayListQuery = z.strictObject({
  day: day.optional().describe('The school day; default today in the school\'s time zone.'),
  q: plainLine(100).optional().describe('Part of a child\'s name.'),
  yearLevel: z.string().max(40).optional(),
  limit: pageQueryShape.limit,
  cursor: pageQueryShape.cursor
})

/** One line of a day's list: a reported absence, or one the register found that no family has explained yet. */
export const dayListLineSchema = z.object({
  kind: z.enum(['reported', 'unexplained']),
  id: z.string(),
  child: childName,
  yearLevel: z.string().nullable(),
  className: z.string().nullable(),
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
  reason: absenceReason.nullable(),
  reportedBy: z.enum(absenceReporters).nullable(),
  reportedAt: timestamp,
  acknowledged: z.boolean(),
  restricted: z.boolean().describe('The child is under a protection flag or a court order today (shown to `restricted.read` only).')
})

export const dayListSchema = z.object({
  day,
  counts: z.object({ reported: z.number(), unexplained: z.number(), acknowledged: z.number() }),
  items: z.array(dayListLineSchema),
  nextCursor: z.string().nullable()
})

export const absenceSettingsSchema = z.object({
  reasons: z.array(absenceReason).describe('The reasons offered to families and the office.'),
  sensitiveReasons: z.array(absenceReason).describe('Reasons whose notes and documents only staff holding `restricted.read` open.')
})
export const absenceSettingsInput = z.strictObject({
  reasons: z.array(absenceReason).min(1, 'Offer at least one reason.').max(absenceReasons.length),
  sensitiveReasons: z.array(absenceReason).max(absenceReasons.length)
})

/** One absence the attendance system found: a child, a day and, for a part of it, the period. */
export const unexplainedAbsenceInput = z.strictObject({
  personId: recordId('per'),
  day,
  from: clockTime.optional().describe('For a part of the day (a period): when it began, in the school\'s time zone. With `to`.'),
  to: clockTime.optional().describe('For a part of the day: when it ended.')
})

/** The most absences one request carries: a morning's register arrives in a few. */
export const unexplainedBatchLimit = 500

export const unexplainedAbsencesInput = z.strictObject({
  absences: z.array(unexplainedAbsenceInput).min(1, 'Send at least one absence.').max(unexplainedBatchLimit, `At most ${unexplainedBatchLimit} a request.`)
    .describe('The register\'s absences with no report, up to 500 a request. The same child, day and period sent again is the same notice.')
})

export const unexplainedAbsenceAnswer = z.object({
  id: recordId('uab'),
  personId: z.string(),
  day,
  from: z.string().nullable(),
  to: z.string().nullable(),
  receivedAt: timestamp,
  new: z.boolean().describe('False when this child, day and period were already sent: the one notice stands, nothing is sent again.'),
  explained: z.boolean().describe('Whether the family has explained it (then `GET /api/v1/absences` lists the explanation).')
}).register(apiSchemas, { id: 'UnexplainedAbsence' })

export const unexplainedAbsencesAnswer = z.object({ absences: z.array(unexplainedAbsenceAnswer) })

export const absencesQuery = z.strictObject({
  from: day.optional().describe('The first day: absences with any day from here on; default today in the school\'s time zone.'),
  to: day.optional().describe('The last day (inclusive), at most 366 days after `from`; default `from`.'),
  ...pageQueryShape
})

/** A whole day, or a date-time with the school's offset for a part of one day. */
const absenceBound = z.string().meta({ examples: ['2026-12-01', '2026-12-01T09:00:00+11:00'] })

export const absenceSchema = z.object({
  id: recordId('abs'),
  personId: recordId('per'),
  from: absenceBound.describe('The first day away (`YYYY-MM-DD`), or for a part of one day when it began (RFC 3339 with the school\'s offset).'),
  to: absenceBound.describe('The last day away, inclusive, or for a part of one day when it ended.'),
  reason: absenceReason,
  reportedAt: timestamp,
  reportedBy: z.enum(absenceReporters),
  explains: recordId('uab').optional().describe('The unexplained absence this explains, as `POST /api/v1/absences/unexplained` answered it.')
}).register(apiSchemas, { id: 'Absence' })

export const absencesPageSchema = pageOf(absenceSchema, 'AbsencePage')

/** The most bytes a report or an explanation may be: a document in base64 and the rest of the form. */
export const absenceBodyBytes = Math.ceil(absenceDocumentBytes * 4 / 3) + 64 * 1024

/** A report this small carries no document worth the name, and takes no upload slot: a morning's reports are many. */
export const absenceUploadAbove = 64 * 1024
