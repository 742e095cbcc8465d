import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { feeVersionParams } from '../../../../../shared/schemas/fees'
import { discardFeeDraft } from '../../../../domain/fees/fee-schedules'

export default defineAppRoute({
  summary: 'Discard a draft (a first draft takes its schedule with it)', tag: 'Fees', capability: 'fees.manage', rateLimit: 30, module: 'billing',
  params: feeVersionParams, response: z.object({ discarded: z.literal(true) }), errors: ['not_found', 'schedule_published']
}, async (ctx) => {
  await discardFeeDraft(ctx, ctx.params.id)
  return { discarded: true as const }
})
