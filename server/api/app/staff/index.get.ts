import { defineAppRoute } from '../../../utils/app-route'
import { staffListSchema } from '../../../../shared/schemas/staff-settings'
import { listStaff } from '../../../domain/staff/staff-access'

export default defineAppRoute({
  summary: 'The school\'s staff who sign in', tag: 'Staff', capability: 'staff.manage', rateLimit: 60, response: staffListSchema
}, async ctx => ({ items: await listStaff(ctx) }))
