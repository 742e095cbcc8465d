import { defineAppRoute } from '../../../utils/app-route'
import { moduleListSchema } from '../../../../shared/schemas/school-settings'
import { listSchoolModules } from '../../../domain/schools/create-school'

export default defineAppRoute({
  summary: 'Each module of the service and whether the school runs it on, read-only or off', tag: 'Settings', capability: 'settings.manage', rateLimit: 120,
  response: moduleListSchema
}, async ctx => ({ items: listSchoolModules(ctx) }))
