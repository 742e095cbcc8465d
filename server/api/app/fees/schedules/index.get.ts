import { defineAppRoute } from '../../../../utils/app-route'
import { feeScheduleListSchema } from '../../../../../shared/schemas/fees'
import { listFeeSchedules } from '../../../../domain/fees/read-fees'

export default defineAppRoute({
  summary: 'The school\'s fee schedules, each with its history of versions', tag: 'Fees', capability: 'fees.manage', rateLimit: 120, module: 'billing',
  response: feeScheduleListSchema
}, ctx => listFeeSchedules(ctx))
