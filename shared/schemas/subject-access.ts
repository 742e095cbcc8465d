import { z } from 'zod'
import {
  subjectAccessChannels, subjectAccessDeadlineRules, subjectAccessDecisions, subjectAccessItemKinds, subjectAccessKinds, subjectAccessStates
} from '../vocabulary'
import { day, pageOf, pageQueryShape, plainLine, recordId, timestamp } from './common'

/*
 * Subject access requests (docs/retention.md, "Subject access requests"): the office's forms, which the server validates
 * with too, and the answers the screens read.
 */

/** The most months a one-month deadline may be extended by (UK GDPR Art. 12(3)). */
export const mostSubjectAccessExtension = 2

const personId = recordId('per')

/** A request as the office logs it: who asked (on file, or said in a line, or both), about whom, when, and how checked. */
export const subjectAccessLogInput = z.strictObject({
  kind: z.enum(subjectAccessKinds, 'Choose access, erasure, rectification or restriction.'),
  subjectId: personId,
  requesterId: personId.optional(),
  requesterDescription: plainLine(300).optional(),
  receivedOn: day,
  verifiedHow: plainLine(300, 'Say how the requester\'s identity was checked.'),
  deadlineRule: z.enum(subjectAccessDeadlineRules, 'Choose one month or 15 school days.').default('one_month')
}).refine(input => input.requesterId || input.requesterDescription, {
  message: 'Name the requester on file, or say who they are.', path: ['requesterDescription']
})
export type SubjectAccessLogInput = z.input<typeof subjectAccessLogInput>

/** An extension of a month's deadline: one or two months more, with the reason the requester is told. */
export const subjectAccessExtendInput = z.strictObject({
  months: z.number('Extend by 1 or 2 months.').int('Extend by 1 or 2 months.').min(1, 'Extend by 1 or 2 months.')
    .max(mostSubjectAccessExtension, 'Extend by 1 or 2 months.'),
  reason: plainLine(500, 'Say why the answer needs longer.')
})

/** The office's decision on one item of an answer; redacting or withholding needs its reason (the exemption, for a withheld item). */
export const subjectAccessDecideInput = z.strictObject({
  decision: z.enum(subjectAccessDecisions, 'Choose include, redact or withhold.'),
  reason: plainLine(500).optional()
}).refine(input => input.decision === 'include' || input.reason, { message: 'Say why, naming the exemption.', path: ['reason'] })

export const subjectAccessSendInput = z.strictObject({
  channel: z.enum(subjectAccessChannels, 'Choose portal or file.')
})

/** Refusing a request, with the reason kept. */
export const subjectAccessRefuseInput = z.strictObject({ reason: plainLine(500, 'Say why the request is refused.') })

/** Carrying out a request to correct: the person's corrected contact details or name, through the people functions. */
export const subjectAccessCorrectionInput = z.strictObject({
  email: z.email('Not an email address.').max(320).optional(),
  phone: plainLine(40).optional(),
  familyName: plainLine(200).optional(),
  givenNames: plainLine(200).optional()
}).refine(input => Object.values(input).some(value => value !== undefined), { message: 'Give at least one corrected value.', path: ['email'] })

export const subjectAccessListQuery = z.strictObject({
  ...pageQueryShape,
  state: z.enum(subjectAccessStates).optional().describe('Only requests in this state.'),
  q: plainLine(100).optional().describe('Part of the subject\'s or requester\'s name, or a request id.')
})

export const subjectAccessClockSchema = z.object({
  deadline: day,
  daysLeft: z.number().int().describe('Days from today in the school\'s zone to the deadline; negative once passed.'),
  extensionMonths: z.number().int(),
  extensionReason: z.string().nullable()
})

const personLine = z.object({ id: z.string(), name: z.string() })

export const subjectAccessRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(subjectAccessKinds),
  state: z.enum(subjectAccessStates),
  subject: personLine,
  requester: personLine.nullable(),
  requesterDescription: z.string().nullable(),
  receivedOn: day,
  verifiedHow: z.string(),
  deadlineRule: z.enum(subjectAccessDeadlineRules),
  clock: subjectAccessClockSchema,
  channel: z.enum(subjectAccessChannels).nullable(),
  outcome: z.string().nullable(),
  assembledAt: timestamp.nullable(),
  loggedBy: z.string(),
  loggedAt: timestamp,
  extendedBy: z.string().nullable(),
  extendedAt: timestamp.nullable(),
  closedBy: z.string().nullable(),
  closedAt: timestamp.nullable()
})

export const subjectAccessItemSchema = z.object({
  id: z.string(),
  itemKind: z.enum(subjectAccessItemKinds),
  recordId: z.string(),
  decision: z.enum(subjectAccessDecisions).nullable(),
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: timestamp.nullable()
})

export const subjectAccessDetailSchema = subjectAccessRequestSchema.extend({
  items: z.array(subjectAccessItemSchema).describe('The answer\'s records the office decides on one by one; undecided ones hold the answer back.')
})

export const subjectAccessPageSchema = pageOf(subjectAccessRequestSchema, 'SubjectAccessPage')

/** An answer as a family's portal lists it: the request, when it was received and when the answer was sent. */
export const portalAnswerSchema = z.object({ id: z.string(), kind: z.enum(subjectAccessKinds), receivedOn: day, sentAt: timestamp })

/** The JSON document of an answer (its members: docs/retention.md, "What an answer holds"). */
export const subjectAccessAnswerSchema = z.record(z.string(), z.unknown())

export const subjectAccessParams = z.strictObject({ id: recordId('sar') })
export const subjectAccessItemParams = z.strictObject({ id: recordId('sar'), itemId: recordId('sai') })

/** An answer as a file: its name (the request's id and the day), JSON, and its size. */
export const subjectAccessFileAnswer = z.object({
  fileName: z.string().regex(/^rollbook-(subject-access|answer)-sar_[0-9a-z]+-\d{4}-\d{2}-\d{2}\.json$/),
  contentType: z.literal('application/json'),
  size: z.number().int().min(0)
})
