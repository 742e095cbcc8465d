import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { refusedBeside } from '../../../../utils/refusal-beside'
import { recordId } from '../../../../../shared/schemas/common'
import { lastDayBody, writtenSchema } from '../../../../../shared/schemas/person-record'
import { endCourtOrder } from '../../../../domain/restricted/court-orders'

/** Records the last day a court order is in force: `restricted.read` with a recent passkey proof; recorded in Activity. */
export default defineAppRoute({
  summary: 'End a court order', tag: 'People', capability: 'restricted.read', stepUp: true, rateLimit: 30, module: 'people',
  params: z.strictObject({ id: recordId('cto') }), body: lastDayBody, response: writtenSchema, errors: ['not_found', 'step_up_required', 'unprocessable']
}, async (ctx) => {
  await refusedBeside('lastDay', () => endCourtOrder(ctx, ctx.params.id, ctx.body.lastDay))
  return { id: ctx.params.id }
})
