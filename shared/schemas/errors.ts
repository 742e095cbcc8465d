import { z } from 'zod'
import { errorCodes } from '../error-catalogue'
import { apiSchemas } from './common'

/** The failure envelope (docs/decisions.md), as every route and the error handler answer it. */
export const errorEnvelopeSchema = z.object({
  statusCode: z.number().int().describe('The HTTP status.'),
  statusMessage: z.string().describe('Written for a person.'),
  data: z.object({
    code: z.enum(errorCodes).describe('Stable code; branch on this. Each code has one meaning, though a status can have several codes.'),
    detail: z.array(z.string()).describe('One sentence per reason; lists all failures.'),
    fields: z.array(z.object({
      path: z.string().describe('Dotted path in the body with `[i]` for array items, such as `adults[1].email`; a query parameter by its name.'),
      message: z.string()
    })).optional().describe('For `validation_failed`: every wrong field by its path in the request.'),
    candidates: z.array(z.object({
      path: z.string().describe('The person in the request, such as `adults[0]`.'),
      personIds: z.array(z.string())
    })).optional()
      .describe('For `conflict` on a send that names a person who may already be on file: the possible records for each; resend with `personId` or `new: true`.'),
    missingScope: z.string().optional().describe('For `forbidden`: the capability the caller lacks.'),
    traceId: z.string().describe('Quote it when reporting a fault.')
  }).loose()
}).register(apiSchemas, { id: 'Error', description: 'Every failure on every route has this shape. No stack trace or internal message is ever included.' })
