import { defineAppRoute } from '../../../../utils/app-route'
import { clubParams, clubSchema, clubMemberInput } from '../../../../../shared/schemas/clubs'
import { addClubMember } from '../../../../domain/clubs/club-members'

/** Puts a child in a club, starting it when it is new. */
export default defineAppRoute({
  summary: 'Add a child to a club', tag: 'Messages', capability: 'messages.send', rateLimit: 120,
  params: clubParams, body: clubMemberInput, response: clubSchema
}, ctx => addClubMember(ctx, ctx.params.name, ctx.body.personId))
