import { defineAppRoute } from '../../../../../utils/app-route'
import { activityGroupParams, activityMemberPageSchema, activityMembersQuery } from '../../../../../../shared/schemas/messages'
import { activityMembersPage } from '../../../../../domain/messages/activity-groups'

/** An activity group's children in name order, paged. */
export default defineAppRoute({
  summary: 'The children in an activity group', tag: 'Messages', capability: 'messages.send', rateLimit: 300,
  params: activityGroupParams, query: activityMembersQuery, response: activityMemberPageSchema, errors: ['not_found']
}, async ctx => ctx.pageAnswer(await activityMembersPage(ctx, ctx.params.name, ctx.page)))
