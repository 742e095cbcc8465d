import { z } from 'zod'
import { errorCatalogue } from '../utils/errors'
import { apiSchemas } from './common'

export const errorEnvelopeSchema = z.object({
  statusCode: z.number().int(),
  statusMessage: z.string().describe('Written for a person.'),
  data: z.object({
    code: z.enum(Object.keys(errorCatalogue) as [keyof typeof errorCatalogue]).describe('Stable code; branch on this.'),
    detail: z.array(z.string()).describe('One sentence per reason; lists all failures.'),
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional().describe('For `validation_failed`: every wrong field by its path in the request.'),
    traceId: z.string().describe('Quote it when reporting a fault.')
  }).loose()
}).register(apiSchemas, { id: 'Error', description: 'Every failure on every route has this shape (part 7).' })
