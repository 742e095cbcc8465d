import { z } from 'zod'
import { nameChangeKinds } from '../vocabulary'
import { apiSchemas, day, pageQueryShape, personName, recordId } from './common'

export const personSchema = z.object({
  id: recordId('per'),
  familyName: z.string(),
  givenNames: z.string(),
  dateOfBirth: day.nullable().describe('Null when the school has no date of birth on file.'),
  preferredLanguage: z.string().nullable().optional()
    .describe('Since interface 1.2: the BCP 47 tag of the language the person reads the school\'s portal and mail in, one the school offers (such as `es` or `zh-Hans`); null for the school\'s own language. Servers before 1.2 leave it out.')
}).register(apiSchemas, { id: 'Person' })

export const personIdParams = z.object({ id: recordId('per').describe('The person\'s id.') })

export const peopleQuery = z.strictObject(pageQueryShape)

/** A new name for a person, as the office gives it (screens and the domain read it alike). */
export const nameCorrectionSchema = z.strictObject({
  familyName: personName,
  givenNames: personName,
  change: z.enum(nameChangeKinds).optional().describe('`correction` (recorded wrongly) or `change` (the person changed it); default `correction`.'),
  effectiveFrom: day.optional().describe('The first day of the new name; default today in the school\'s time zone.')
})

export type NameCorrection = z.input<typeof nameCorrectionSchema>
