import { defineAppRoute } from '../../../utils/app-route'
import { exportRetentionSchema } from '../../../../shared/schemas/export-screens'
import { setExportRetention } from '../../../domain/exports/retention'

/** How many days export files are kept; the newest of each table always stays. */
export default defineAppRoute({
  summary: 'Set export retention', tag: 'Exports', capability: 'settings.manage', rateLimit: 30,
  body: exportRetentionSchema, response: exportRetentionSchema
}, ctx => setExportRetention(ctx, ctx.body.retentionDays))
