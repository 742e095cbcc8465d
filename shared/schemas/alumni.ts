import { z } from 'zod'
import { apiSchemas, day, pageQueryShape, recordId, timestamp } from './common'

export const alumnusSchema = z.object({
  id: recordId('per'),
  familyName: z.string().optional().describe('Only for a token that also holds `person.read`; absent otherwise.'),
  givenNames: z.string().optional().describe('Only for a token that also holds `person.read`; absent otherwise.'),
  leftAt: timestamp.describe('00:00 in the school\'s time zone on the last day of the person\'s last student span, in UTC.'),
  exitYear: z.number().int().describe('The calendar year of that last day, in the school\'s time zone.')
}).register(apiSchemas, { id: 'Alumnus', description: 'A former student, as the school counts them.' })

export const alumniQuery = z.strictObject({
  ...pageQueryShape,
  asAt: day.optional()
    .describe('Count alumni as at this day (no later than today in the school\'s time zone); default today. Someone who left after it is not yet an alumnus; someone on the roll that day is not one.')
})
