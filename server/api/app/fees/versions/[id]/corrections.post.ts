import { defineAppRoute } from '../../../../../utils/app-route'
import { feeCorrectionInput, feeVersionParams, feeVersionSchema } from '../../../../../../shared/schemas/fees'
import { startFeeCorrection } from '../../../../../domain/fees/fee-schedules'
import { readFeeVersion } from '../../../../../domain/fees/read-fees'

export default defineAppRoute({
  summary: 'Start a correction of a published version: a new draft that replaces it from a day', tag: 'Fees', capability: 'fees.manage', rateLimit: 30,
  module: 'billing',
  params: feeVersionParams, body: feeCorrectionInput, response: feeVersionSchema, status: 201, errors: ['not_found', 'unprocessable', 'conflict']
}, async (ctx) => {
  const { id } = await startFeeCorrection(ctx, ctx.params.id, ctx.body.appliesFrom)
  return readFeeVersion(ctx, id)
})
