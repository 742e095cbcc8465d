import { defineAppRoute } from '../../../utils/app-route'
import { officeStartersPageSchema, startersQuery } from '../../../../shared/schemas/starters'
import { listStartersForOffice } from '../../../domain/admissions/list-starters'

export default defineAppRoute({
  summary: 'Starters in a window of days, with their adults and the children waiting on an SIS code', tag: 'Starters', capability: 'starter.read',
  rateLimit: 120, module: 'admissions',
  query: startersQuery, response: officeStartersPageSchema
}, async (ctx) => {
  const { next, ...page } = await listStartersForOffice(ctx, ctx.page, { from: ctx.query.from, to: ctx.query.to })
  const { nextCursor } = ctx.pageAnswer({ items: page.items, next })
  return { ...page, nextCursor }
})
