import { defineAppRoute } from '../../../../utils/app-route'
import { retentionDueSummarySchema } from '../../../../../shared/schemas/retention'
import { readRetentionDue } from '../../../../domain/retention/read-due-list'

export default defineAppRoute({
  summary: 'How many records of each class are past their period and when the first may go; the holds in force for those who manage retention',
  tag: 'Settings', rateLimit: 120, response: retentionDueSummarySchema
}, ctx => readRetentionDue(ctx))
