import { defineAppRoute } from '../../../../../../utils/app-route'
import { activityGroupSchema, activityMemberParams } from '../../../../../../../shared/schemas/messages'
import { removeActivityMember } from '../../../../../../domain/messages/activity-groups'

/** Takes a child out of an activity group; the group ends with its last child. */
export default defineAppRoute({
  summary: 'Take a child out of an activity group', tag: 'Messages', capability: 'messages.send', rateLimit: 120,
  params: activityMemberParams, response: activityGroupSchema, errors: ['not_found']
}, ctx => removeActivityMember(ctx, ctx.params.name, ctx.params.personId))
