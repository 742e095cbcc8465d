import { defineAppRoute } from '../../../../../utils/app-route'
import { feeVersionParams, feeVersionSchema } from '../../../../../../shared/schemas/fees'
import { publishFeeVersion } from '../../../../../domain/fees/fee-schedules'
import { readFeeVersion } from '../../../../../domain/fees/read-fees'

export default defineAppRoute({
  summary: 'Publish a draft: fixed from now on, with who published it and when', tag: 'Fees', capability: 'fees.manage', rateLimit: 30, module: 'billing',
  params: feeVersionParams, response: feeVersionSchema, errors: ['not_found', 'unprocessable', 'schedule_published']
}, async (ctx) => {
  await publishFeeVersion(ctx, ctx.params.id)
  return readFeeVersion(ctx, ctx.params.id)
})
