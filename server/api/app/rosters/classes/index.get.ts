import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { pageQueryShape } from '../../../../../shared/schemas/common'
import { rosterClassSchema } from '../../../../../shared/schemas/roster-screens'
import { listRosterClasses } from '../../../../domain/rosters/roster-classes'

/** The classes today's roster sets hold, with their counts. */
export default defineAppRoute({
  summary: 'The classes the roster sets are built from', tag: 'Rosters', capability: 'roster.read', module: 'rosters', rateLimit: 60,
  query: z.strictObject(pageQueryShape), response: z.object({ items: z.array(rosterClassSchema), nextCursor: z.string().nullable() })
}, async ctx => ctx.pageAnswer(await listRosterClasses(ctx, ctx.page)))
