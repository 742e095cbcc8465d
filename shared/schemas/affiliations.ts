import { z } from 'zod'
import { affiliationKinds } from '../vocabulary'
import { apiSchemas, day, pageQueryShape, recordId } from './common'

export const affiliationSchema = z.object({
  id: recordId('aff'),
  personId: recordId('per'),
  kind: z.enum(affiliationKinds),
  validFrom: day.describe('First day of the span, in the school\'s time zone.'),
  validTo: day.nullable().describe('Last day of the span (inclusive); null while the span is open.')
}).register(apiSchemas, { id: 'Affiliation', description: 'A person\'s role at the school for a span of days.' })

export const affiliationsQuery = z.strictObject({
  ...pageQueryShape,
  state: z.enum(['open']).optional()
    .describe('`open`: only spans in force today in the school\'s time zone (started on or before today, not ended before it). By default closed spans are included.'),
  kind: z.enum(affiliationKinds).optional().describe('Only spans of this kind.')
})
