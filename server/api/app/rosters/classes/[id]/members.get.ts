import { z } from 'zod'
import { defineAppRoute } from '../../../../../utils/app-route'
import { pageQueryShape, recordId } from '../../../../../../shared/schemas/common'
import { rosterMemberSchema } from '../../../../../../shared/schemas/roster-screens'
import { listRosterClassMembers } from '../../../../../domain/rosters/roster-classes'

/** Who is in one class of today's roster sets: its staff, then its students. */
export default defineAppRoute({
  summary: 'The members of a class in the roster sets', tag: 'Rosters', capability: 'roster.read', module: 'rosters', rateLimit: 60,
  params: z.strictObject({ id: recordId('cls') }), query: z.strictObject(pageQueryShape),
  response: z.object({ items: z.array(rosterMemberSchema), nextCursor: z.string().nullable() })
}, async ctx => ctx.pageAnswer(await listRosterClassMembers(ctx, ctx.params.id, ctx.page)))
