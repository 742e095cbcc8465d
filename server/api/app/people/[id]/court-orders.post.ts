import { defineAppRoute } from '../../../../utils/app-route'
import { refusedBeside } from '../../../../utils/refusal-beside'
import { courtOrderBody, personIdParam, writtenSchema } from '../../../../../shared/schemas/person-record'
import { recordCourtOrder } from '../../../../domain/restricted/court-orders'

/**
 * Records a court order about a child (which adult it keeps away, what it limits, from and to). It needs
 * `restricted.read` with a recent passkey proof, and is recorded in Activity.
 */
export default defineAppRoute({
  summary: 'Record a court order', tag: 'People', capability: 'restricted.read', stepUp: true, rateLimit: 30, module: 'people', status: 201,
  params: personIdParam, body: courtOrderBody, response: writtenSchema, errors: ['not_found', 'step_up_required', 'unprocessable']
}, async (ctx) => {
  const { body } = ctx
  return {
    id: await refusedBeside('validTo', () => recordCourtOrder(ctx, ctx.params.id, {
      kind: body.kind, restrainedPersonId: body.restrainedPersonId || null, purposes: body.purposes, summary: body.summary || null,
      validFrom: body.validFrom, validTo: body.validTo || null
    }))
  }
})
