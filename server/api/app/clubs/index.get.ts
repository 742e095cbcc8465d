import { defineAppRoute } from '../../../utils/app-route'
import { clubsSchema } from '../../../../shared/schemas/clubs'
import { listClubs } from '../../../domain/clubs/club-members'

export default defineAppRoute({
  summary: 'The school\'s clubs', tag: 'Messages', capability: 'messages.send', rateLimit: 120,
  response: clubsSchema
}, ctx => listClubs(ctx))
