import { defineAppRoute } from '../../../../../utils/app-route'
import { activityGroupParams, activityGroupSchema, activityMemberInput } from '../../../../../../shared/schemas/messages'
import { addActivityMember } from '../../../../../domain/messages/activity-groups'

/** Puts a child in an activity group, starting it when it is new. */
export default defineAppRoute({
  summary: 'Add a child to an activity group', tag: 'Messages', capability: 'messages.send', rateLimit: 120,
  params: activityGroupParams, body: activityMemberInput, response: activityGroupSchema
}, ctx => addActivityMember(ctx, ctx.params.name, ctx.body.personId))
