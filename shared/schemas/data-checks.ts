import { z } from 'zod'
import { dataCheckAnswerStates, dataCheckStatuses, heldParts } from '../vocabulary'
import { apiSchemas, day, pageQueryShape, personName, plainLine, recordId, timestamp } from './common'
import { plainText } from './consents'
import { emailAddress, phoneNumber } from './enquiries'

/*
 * The yearly data check (docs/data-check.md): a child's emergency contacts, collectors and medical needs as the
 * office keeps them and a family corrects them, and the office's checks. The screens' forms and the server read
 * these same schemas.
 */

/** The most entries of each list a child's record holds. */
export const mostContacts = 10
export const mostMedicalNeeds = 20

/**
 * One emergency contact or collector: an adult on file (`personId`; their name and phone are taken from their record
 * where not given) or a person named here, with the phone number to call and how they relate to the child.
 */
export const childContactInput = z.strictObject({
  personId: recordId('per').optional().describe('An adult on file; their name and phone are read from their record where not given.'),
  name: personName.optional(),
  phone: phoneNumber.optional(),
  relationship: plainLine(64).optional()
}).superRefine((entry, context) => {
  if (entry.personId) return
  if (entry.name === undefined) context.addIssue({ code: 'custom', path: ['name'], message: 'Give a name, or choose an adult on file.' })
  if (entry.phone === undefined) context.addIssue({ code: 'custom', path: ['phone'], message: 'Give a phone number.' })
})
export type ChildContactInput = z.output<typeof childContactInput>

/** One medical need (an allergy, a condition) and what to do about it. */
export const medicalNeedInput = z.strictObject({ need: plainLine(200), care: plainText(1000).optional() })
export type MedicalNeedInput = z.output<typeof medicalNeedInput>

const contactList = z.array(childContactInput).max(mostContacts, `At most ${mostContacts}.`)
const medicalList = z.array(medicalNeedInput).max(mostMedicalNeeds, `At most ${mostMedicalNeeds}.`)

/** The office writes a child's emergency contacts and collectors, each list whole, in order. */
export const childContactsInput = z.strictObject({ emergencyContacts: contactList, collectors: contactList })
export type ChildContactsInput = z.output<typeof childContactsInput>

/** The office writes a child's medical needs, whole, in order. */
export const childMedicalNeedsInput = z.strictObject({ medicalNeeds: medicalList })

/** One contact as the record keeps it. */
export const childContactSchema = z.object({
  id: z.string(), personId: z.string().nullable(), name: z.string(), phone: z.string(), relationship: z.string().nullable()
})
export const medicalNeedSchema = z.object({ id: z.string(), need: z.string(), care: z.string().nullable() })

/** A child's contacts, collectors and medical needs, as staff read them on the record and a family in the data check. */
export const childCareSchema = z.object({
  emergencyContacts: z.array(childContactSchema),
  collectors: z.array(childContactSchema),
  medicalNeeds: z.array(medicalNeedSchema)
})

/** `GET /api/v1/people/{id}/contacts` (`contact.read`): the child's emergency contacts and collectors, never medical needs. */
const apiContactSchema = z.object({
  personId: z.string().nullable().describe('The adult on file, when the contact is one.'),
  name: z.string(),
  phone: z.string(),
  relationship: z.string().nullable(),
  order: z.number().int().min(1).describe('1 is called first.')
}).register(apiSchemas, { id: 'ChildContact' })

export const apiChildContactsSchema = z.object({
  personId: z.string(),
  emergencyContacts: z.array(apiContactSchema),
  collectors: z.array(apiContactSchema).describe('Who may collect the child, besides the adults with parental responsibility.'),
  updatedAt: timestamp.nullable().describe('When either list last changed; null when none was ever written.')
}).register(apiSchemas, { id: 'ChildContacts' })

/** Whom a check asks: the whole school, a year level, a campus or a class. */
export const dataCheckAudience = plainLine(100).regex(/^(school|year:.+|campus:.+|class:.+)$/, 'Use school, year:<level>, campus:<code> or class:<code>.')

export const dataCheckInput = z.strictObject({
  audience: dataCheckAudience.describe('`school`, `year:<level>`, `campus:<code>` or `class:<code>`.'),
  closesOn: day.describe('The last day families may answer, in the school\'s time zone.')
})

export const dataCheckParams = z.object({ id: recordId('dck').describe('The check\'s id.') })

/** The office closes a check early, or moves its closing day while it is open. */
export const dataCheckChangeInput = z.strictObject({
  status: z.literal('closed', 'A check can only be closed.').optional(),
  closesOn: day.optional().describe('A new last day for answers, today or later.')
}).refine(change => change.status !== undefined || change.closesOn !== undefined, { message: 'Close the check or give a new closing day.', path: ['status'] })

const dataCheckCounts = z.object({
  adults: z.number().int(), children: z.number().int(), waiting: z.number().int(), confirmed: z.number().int(), corrected: z.number().int()
})

/** A check as the office lists it, with its counts. */
export const dataCheckSchema = z.object({
  id: z.string(),
  audience: z.string(),
  closesOn: day,
  status: z.enum(dataCheckStatuses),
  /** Takes answers: open and its closing day not past in the school's zone. */
  open: z.boolean(),
  createdAt: timestamp,
  remindedAt: timestamp.nullable(),
  counts: dataCheckCounts
})

export const dataChecksSchema = z.object({ items: z.array(dataCheckSchema) })

export const dataCheckProgressQuery = z.strictObject(pageQueryShape)

/** One class's progress: its children and the adults asked about them, by where they stand. `classCode` null: no homeroom. */
export const dataCheckClassSchema = z.object({ classCode: z.string().nullable() }).extend(dataCheckCounts.shape)
export const dataCheckProgressSchema = z.object({ items: z.array(dataCheckClassSchema), nextCursor: z.string().nullable() })

/** The office reminds the adults still waiting: the whole check, or one class's. */
export const dataCheckReminderInput = z.strictObject({ classCode: plainLine(64).optional().describe('Only this class\'s adults.') })
export const dataCheckReminderSchema = z.object({ adults: z.number().int(), remindedAt: timestamp })

/** The family's side: the open check asking this adult, with what is on file for them and each child. */
export const portalDataCheckSchema = z.object({
  check: z.object({ id: z.string(), closesOn: day, state: z.enum(dataCheckAnswerStates), answeredAt: timestamp.nullable() }).nullable(),
  adult: z.object({ id: z.string(), familyName: z.string(), givenNames: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  heldElsewhere: z.array(z.enum(heldParts)),
  children: z.array(z.object({ child: z.object({ id: z.string(), familyName: z.string(), givenNames: z.string() }) }).extend(childCareSchema.shape))
})

export const portalDataCheckConfirmInput = z.strictObject({ checkId: recordId('dck') })

/** The adult's own details as corrected: any of the four. */
const ownCorrection = z.strictObject({
  familyName: personName.optional(), givenNames: personName.optional(), email: emailAddress.optional(), phone: phoneNumber.optional()
})

/** A child's lists as the family corrects them: each list sent is the whole list as it should be. */
export const childCorrectionInput = z.strictObject({
  childId: recordId('per'),
  emergencyContacts: contactList.optional(),
  collectors: contactList.optional(),
  medicalNeeds: medicalList.optional()
})
export type ChildCorrectionInput = z.output<typeof childCorrectionInput>

/** The family's corrections: their own details, and each child's lists; at least one thing that differs from what is on file. */
export const portalDataCheckCorrectInput = z.strictObject({
  checkId: recordId('dck'),
  own: ownCorrection.optional(),
  children: z.array(childCorrectionInput).max(20, 'At most 20.').optional()
}).superRefine((input, context) => {
  // A child once: two corrections of one child would have the later silently replace the earlier.
  const seen = new Set<string>()
  for (const [i, child] of (input.children ?? []).entries()) {
    if (seen.has(child.childId)) context.addIssue({ code: 'custom', path: ['children', i, 'childId'], message: 'This child is named twice.' })
    seen.add(child.childId)
  }
})
export type DataCheckCorrection = z.output<typeof portalDataCheckCorrectInput>

export const portalDataCheckAnswerSchema = z.object({
  state: z.enum(dataCheckAnswerStates), answeredAt: timestamp, requests: z.array(z.string()).describe('The detail requests the corrections became.')
})
