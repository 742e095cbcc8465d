import { defineAppRoute } from '../../../../../utils/app-route'
import { clubSchema, clubMemberParams } from '../../../../../../shared/schemas/clubs'
import { removeClubMember } from '../../../../../domain/clubs/club-members'

/** Takes a child out of a club; the club ends with its last child. */
export default defineAppRoute({
  summary: 'Take a child out of a club', tag: 'Messages', capability: 'messages.send', rateLimit: 120,
  params: clubMemberParams, response: clubSchema, errors: ['not_found']
}, ctx => removeClubMember(ctx, ctx.params.name, ctx.params.personId))
