import { z } from 'zod'
import { day, listValue, personName, recordId } from './common'
import { emailAddress, phoneNumber } from './enquiries'

const bothMessage = 'Send either personId or the person\'s details, not both.'

/** Adds a problem for each of `fields` present beside `personId`, and for each of `required` missing without it. */
function referenceRule(detailFields: readonly string[], required: readonly string[]) {
  return (value: Record<string, unknown>, context: z.RefinementCtx) => {
    if (value.personId !== undefined) {
      for (const field of detailFields) if (value[field] !== undefined) context.addIssue({ code: 'custom', path: [field], message: bothMessage })
      return
    }
    for (const field of required) if (value[field] === undefined) {
      context.addIssue({ code: 'custom', path: [field], message: 'Required, unless personId names a person on file.' })
    }
  }
}

const newFlag = z.boolean().optional().describe('`true` asserts a new person although a possible match is on file.')
const studentDetails = ['familyName', 'givenNames', 'dateOfBirth', 'new'] as const
const adultDetails = ['familyName', 'givenNames', 'email', 'phone', 'new'] as const

/** DECISIONS' student object: `{ personId }` or `{ familyName, givenNames, dateOfBirth, new? }`. */
export const studentReferenceSchema = z.strictObject({
  personId: recordId('per').optional().describe('A child already on file; linked, never updated.'),
  familyName: personName.optional(),
  givenNames: personName.optional(),
  dateOfBirth: day.optional(),
  new: newFlag
}).superRefine(referenceRule(studentDetails, ['familyName', 'givenNames', 'dateOfBirth']))
  .describe('`{ personId }` or `{ familyName, givenNames, dateOfBirth, new? }`.')

/** DECISIONS' adult and carer object: `{ personId, relationship? }` or `{ familyName, givenNames, email?, phone?, relationship?, new? }`. */
export const adultReferenceSchema = z.strictObject({
  personId: recordId('per').optional().describe('An adult already on file; linked, never updated.'),
  familyName: personName.optional(),
  givenNames: personName.optional(),
  email: emailAddress.optional(),
  phone: phoneNumber.optional(),
  relationship: listValue(64).optional().describe('One of the relationships the school lists.'),
  new: newFlag
}).superRefine(referenceRule(adultDetails, ['familyName', 'givenNames']))
  .describe('`{ personId, relationship? }` or `{ familyName, givenNames, email?, phone?, relationship?, new? }`.')

export type StudentReference = z.output<typeof studentReferenceSchema>
export type AdultReference = z.output<typeof adultReferenceSchema>
