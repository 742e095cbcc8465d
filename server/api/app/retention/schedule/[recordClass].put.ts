import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { retentionClassSchema, retentionPeriodInput, retentionRecordClass } from '../../../../../shared/schemas/retention'
import { setRetentionPeriod } from '../../../../domain/retention/set-retention-period'

export default defineAppRoute({
  summary: 'Set how long the school keeps one class of record: never under its floor, shorter than the default only with a reason',
  tag: 'Settings', capability: 'retention.manage', rateLimit: 30, stepUp: true,
  params: z.strictObject({ recordClass: retentionRecordClass }), body: retentionPeriodInput, response: retentionClassSchema
}, ctx => setRetentionPeriod(ctx, ctx.params.recordClass, ctx.body))
