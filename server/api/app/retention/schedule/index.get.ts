import { defineAppRoute } from '../../../../utils/app-route'
import { retentionScheduleSchema } from '../../../../../shared/schemas/retention'
import { readRetentionSchedule } from '../../../../domain/retention/read-retention-schedule'

export default defineAppRoute({
  summary: 'The retention schedule: each class of record\'s trigger, default, floor, source and the school\'s period', tag: 'Settings',
  capability: 'retention.manage', rateLimit: 120, response: retentionScheduleSchema
}, ctx => readRetentionSchedule(ctx))
