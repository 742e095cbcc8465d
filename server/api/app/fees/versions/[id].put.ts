import { defineAppRoute } from '../../../../utils/app-route'
import { feeDraftInput, feeVersionParams, feeVersionSchema } from '../../../../../shared/schemas/fees'
import { editFeeDraft } from '../../../../domain/fees/fee-schedules'
import { readFeeVersion } from '../../../../domain/fees/read-fees'

/** A published version answers `schedule_published` and nothing is written: correct it with a new version. */
export default defineAppRoute({
  summary: 'Replace a draft\'s periods, lines and concession rules', tag: 'Fees', capability: 'fees.manage', rateLimit: 60, module: 'billing',
  params: feeVersionParams, body: feeDraftInput, response: feeVersionSchema, errors: ['not_found', 'unprocessable', 'schedule_published']
}, async (ctx) => {
  await editFeeDraft(ctx, ctx.params.id, ctx.body)
  return readFeeVersion(ctx, ctx.params.id)
})
