import { defineAppRoute } from '../../../utils/app-route'
import { clubInput, clubParams, clubSchema } from '../../../../shared/schemas/clubs'
import { setClub } from '../../../domain/clubs/club-members'

/** Sets a club's children (`activity:<name>` in an audience); an empty list ends the club. */
export default defineAppRoute({
  summary: 'Set who is in a club', tag: 'Messages', capability: 'messages.send', rateLimit: 60,
  params: clubParams, body: clubInput, response: clubSchema
}, ctx => setClub(ctx, ctx.params.name, ctx.body.memberIds))
