import { defineAppRoute } from '../../../../utils/app-route'
import { refusedBeside } from '../../../../utils/refusal-beside'
import { concessionBody, personIdParam, writtenSchema } from '../../../../../shared/schemas/person-record'
import { addConcession } from '../../../../domain/billing/concessions'

/** Grants the student a concession for a span. */
export default defineAppRoute({
  summary: 'Add a concession', tag: 'Billing', capability: 'people.manage', rateLimit: 30, module: 'billing', status: 201,
  params: personIdParam, body: concessionBody, response: writtenSchema, errors: ['not_found', 'unprocessable']
}, async ctx => ({
  id: await refusedBeside(
    'validTo', () => addConcession(ctx, ctx.params.id, { kind: ctx.body.kind, validFrom: ctx.body.validFrom, validTo: ctx.body.validTo || null })
  )
}))
