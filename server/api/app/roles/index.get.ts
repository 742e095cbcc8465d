import { defineAppRoute } from '../../../utils/app-route'
import { roleListSchema } from '../../../../shared/schemas/staff-settings'
import { capabilityCatalogue } from '../../../domain/access/catalogue'
import { listRoles } from '../../../domain/staff/roles'

export default defineAppRoute({
  summary: 'The school\'s roles and the capabilities each grants', tag: 'Staff', capability: 'settings.manage', rateLimit: 60, response: roleListSchema
}, async ctx => ({
  items: await listRoles(ctx),
  capabilities: Object.entries(capabilityCatalogue).map(([name, grants]) => ({ name, grants }))
}))
