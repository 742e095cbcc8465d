import { defineAppRoute } from '../../../../utils/app-route'
import { activityGroupsSchema } from '../../../../../shared/schemas/messages'
import { listActivityGroups } from '../../../../domain/messages/activity-groups'

export default defineAppRoute({
  summary: 'The school\'s activity groups', tag: 'Messages', capability: 'messages.send', rateLimit: 120,
  response: activityGroupsSchema
}, ctx => listActivityGroups(ctx))
