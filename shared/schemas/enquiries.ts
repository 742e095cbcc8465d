import { z } from 'zod'
import { apiSchemas, listValue, personName, recordId, timestamp } from './common'

/** How an adult is reached; the identification rule of applications matches adults on these too. */
export const emailAddress = z.email('Not an email address.').max(254)
export const phoneNumber = z.string().trim().regex(/^\+?[0-9][0-9 ().-]{2,39}$/, 'Not a phone number.')

const enquirerSchema = z.strictObject({
  familyName: personName,
  givenNames: personName,
  relationship: listValue(64).optional().describe('One of the relationships the school lists.'),
  email: emailAddress.optional(),
  phone: phoneNumber.optional()
}).superRefine((enquirer, context) => {
  if (enquirer.email === undefined && enquirer.phone === undefined) {
    for (const field of ['email', 'phone']) {
      context.addIssue({ code: 'custom', path: [field], message: 'Give an email address or a phone number, or both.' })
    }
  }
})

export const enquiryInputSchema = z.strictObject({
  student: z.strictObject({ familyName: personName, givenNames: personName }),
  enquirer: enquirerSchema,
  intendedEntryYear: z.number().int().min(2000).max(2100).optional(),
  channel: listValue(64).optional().describe('How they heard of the school; one the school lists. Default `website`.')
}).register(apiSchemas, { id: 'EnquiryInput' })

export type EnquiryInput = z.infer<typeof enquiryInputSchema>

export const enquiryReceiptSchema = z.object({
  id: recordId('enq'),
  receivedAt: timestamp
}).register(apiSchemas, { id: 'EnquiryReceipt' })
