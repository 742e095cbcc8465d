import { defineAppRoute } from '../../../../utils/app-route'
import { activityGroupInput, activityGroupParams, activityGroupSchema } from '../../../../../shared/schemas/messages'
import { setActivityGroup } from '../../../../domain/messages/activity-groups'

/** Sets an activity group's children (`activity:<name>` in an audience); an empty list ends the group. */
export default defineAppRoute({
  summary: 'Set who is in an activity group', tag: 'Messages', capability: 'messages.send', rateLimit: 60,
  params: activityGroupParams, body: activityGroupInput, response: activityGroupSchema
}, ctx => setActivityGroup(ctx, ctx.params.name, ctx.body.memberIds))
