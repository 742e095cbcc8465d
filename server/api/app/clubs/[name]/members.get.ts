import { defineAppRoute } from '../../../../utils/app-route'
import { clubParams, clubMemberPageSchema, clubMembersQuery } from '../../../../../shared/schemas/clubs'
import { clubMembersPage } from '../../../../domain/clubs/club-members'

/** A club's children in name order, paged. */
export default defineAppRoute({
  summary: 'The children in a club', tag: 'Messages', capability: 'messages.send', rateLimit: 300,
  params: clubParams, query: clubMembersQuery, response: clubMemberPageSchema, errors: ['not_found']
}, async ctx => ctx.pageAnswer(await clubMembersPage(ctx, ctx.params.name, ctx.page)))
