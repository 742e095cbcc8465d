import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { feeScheduleInput } from '../../../../../shared/schemas/fees'
import { createFeeSchedule } from '../../../../domain/fees/fee-schedules'

export default defineAppRoute({
  summary: 'Start a fee schedule: its first version, an empty draft', tag: 'Fees', capability: 'fees.manage', rateLimit: 30, module: 'billing',
  body: feeScheduleInput, response: z.object({ id: z.string(), versionId: z.string() }), status: 201, errors: ['unprocessable']
}, ctx => createFeeSchedule(ctx, ctx.body))
