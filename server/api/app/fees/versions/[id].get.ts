import { defineAppRoute } from '../../../../utils/app-route'
import { feeVersionParams, feeVersionSchema } from '../../../../../shared/schemas/fees'
import { readFeeVersion } from '../../../../domain/fees/read-fees'

export default defineAppRoute({
  summary: 'A fee schedule version: its periods, lines and concession rules', tag: 'Fees', capability: 'fees.manage', rateLimit: 120, module: 'billing',
  params: feeVersionParams, response: feeVersionSchema, errors: ['not_found']
}, ctx => readFeeVersion(ctx, ctx.params.id))
