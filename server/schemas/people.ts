import { z } from 'zod'
import { apiSchemas, day, recordId } from './common'

export const personSchema = z.object({
  id: recordId('per'),
  familyName: z.string(),
  givenNames: z.string(),
  dateOfBirth: day.nullable().describe('Null when the school has no date of birth on file.')
}).register(apiSchemas, { id: 'Person' })

export const personIdParams = z.object({ id: recordId('per').describe('The person\'s id.') })
