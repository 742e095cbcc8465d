import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { refusedBeside } from '../../../../utils/refusal-beside'
import { recordId } from '../../../../../shared/schemas/common'
import { lastDayBody, writtenSchema } from '../../../../../shared/schemas/person-record'
import { liftProtectionFlag } from '../../../../domain/restricted/protection-flags'

/** Lifts a protection flag after its last day: `restricted.read` with a recent passkey proof; recorded in Activity. */
export default defineAppRoute({
  summary: 'Lift a protection flag', tag: 'People', capability: 'restricted.read', stepUp: true, rateLimit: 30, module: 'people',
  params: z.strictObject({ id: recordId('prf') }), body: lastDayBody, response: writtenSchema, errors: ['not_found', 'step_up_required', 'unprocessable']
}, async (ctx) => {
  await refusedBeside('lastDay', () => liftProtectionFlag(ctx, ctx.params.id, ctx.body.lastDay))
  return { id: ctx.params.id }
})
