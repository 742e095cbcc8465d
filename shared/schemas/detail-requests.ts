import { z } from 'zod'
import { heldParts } from '../vocabulary'
import { pageQueryShape, personName, plainLine, recordId, timestamp } from './common'
import { emailAddress, phoneNumber } from './enquiries'

/** The parts of an adult's details a family can ask to change. */
export const detailFields = ['familyName', 'givenNames', 'email', 'phone'] as const
export type DetailField = typeof detailFields[number]

/** The parts of a child's record a family corrects in the data check (docs/data-check.md): each a list, sent whole. */
export const childDetailFields = ['emergencyContacts', 'collectors', 'medicalNeeds'] as const
export type ChildDetailField = typeof childDetailFields[number]
/** Any field a request may change: an adult's own, or a child's list. */
export type DetailChangeField = DetailField | ChildDetailField

export const detailRequestStates = ['pending', 'approved', 'rejected'] as const

/** A family's request to change their details: any of the four, with the field schemas the person routes use. */
export const detailRequestInput = z.strictObject({
  familyName: personName.optional(),
  givenNames: personName.optional(),
  email: emailAddress.optional(),
  phone: phoneNumber.optional()
}).superRefine((input, context) => {
  if (detailFields.every(field => input[field] === undefined)) {
    for (const field of detailFields) context.addIssue({ code: 'custom', path: [field], message: 'Give at least one detail to change.' })
  }
})
export type DetailRequestInput = z.output<typeof detailRequestInput>

/** One field of a request: what it was when asked, and what the family asks for. */
const detailChangeSchema = z.object({
  field: z.enum([...detailFields, ...childDetailFields]),
  /** A child's list is written one line an entry. */
  before: z.string().nullable(),
  after: z.string()
})

/** A request as the family sees it: its state, the office's reason for a rejection, and its dates. */
export const ownDetailRequestSchema = z.object({
  id: z.string(),
  state: z.enum(detailRequestStates),
  /** Null for the adult's own details; the child whose lists it corrects otherwise. */
  childId: z.string().nullable(),
  changes: z.array(detailChangeSchema),
  reason: z.string().nullable(),
  createdAt: timestamp,
  decidedAt: timestamp.nullable()
})

/** Our details: the adult's own names and contact, what the school keeps elsewhere, and their requests, newest first. */
export const ownDetailsSchema = z.object({
  adult: z.object({ id: z.string(), familyName: z.string(), givenNames: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  heldElsewhere: z.array(z.enum(heldParts)),
  requests: z.array(ownDetailRequestSchema)
})

/** The office's queue: one state at a time, paged. */
export const detailRequestsQuery = z.strictObject({
  state: z.enum(detailRequestStates, 'Choose pending, approved or rejected.').default('pending'),
  ...pageQueryShape
})

export const detailRequestParams = z.object({ id: recordId('dcr').describe('The request\'s id.') })

/** A request as the office works it: whose it is, what it changes from what, and when it was asked and decided. */
export const officeDetailRequestSchema = ownDetailRequestSchema.extend({
  adult: z.object({ id: z.string(), familyName: z.string(), givenNames: z.string() }),
  child: z.object({ id: z.string(), familyName: z.string(), givenNames: z.string() }).nullable(),
  /** 1 when asked, one more each time the family replaced it: the office decides the version it showed. */
  version: z.number().int().min(1),
  decidedBy: z.string().nullable()
})

export const detailRequestPageSchema = z.object({ items: z.array(officeDetailRequestSchema), nextCursor: z.string().nullable() })

/** The version of the request the office showed: a request the family replaced since is `conflict`, and nothing is decided. */
const shownVersion = z.number('Send the version of the request you showed.').int().min(1).describe('The request\'s `version` as the queue showed it.')

export const detailApprovalInput = z.strictObject({ version: shownVersion })

export const detailRejectionInput = z.strictObject({ reason: plainLine(500, 'Give the family a reason.'), version: shownVersion })

/** The office's decision, as it answers it. */
export const detailDecisionSchema = z.object({ id: z.string(), state: z.enum(['approved', 'rejected']), decidedAt: timestamp })

/** Each detail a family may ask to change, in the words both the portal and the office's queue show. */
export const detailFieldWords: Record<DetailChangeField, string> = {
  familyName: 'Family name', givenNames: 'Given names', email: 'Email', phone: 'Phone',
  emergencyContacts: 'Emergency contacts', collectors: 'Who may collect', medicalNeeds: 'Medical needs'
}
