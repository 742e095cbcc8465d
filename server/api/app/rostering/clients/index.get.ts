import { defineAppRoute } from '../../../../utils/app-route'
import { oneRosterClientListSchema } from '../../../../../shared/schemas/oneroster-clients'
import { listOneRosterClients } from '../../../../domain/oneroster/clients'
import { oneRosterEndpoints } from '../../../../domain/oneroster/endpoints'

export default defineAppRoute({
  summary: 'The school\'s OneRoster REST clients, and where a platform takes its tokens and reads each version', tag: 'Rosters',
  capability: 'tokens.manage', rateLimit: 60, response: oneRosterClientListSchema
}, async ctx => ({ items: await listOneRosterClients(ctx), endpoints: oneRosterEndpoints() }))
