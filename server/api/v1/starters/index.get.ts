import { defineApiRoute } from '../../../utils/api-route'
import { startersPageSchema, startersQuery } from '../../../../shared/schemas/starters'
import { listStarters } from '../../../domain/admissions/list-starters'

export default defineApiRoute({
  summary: 'List starters',
  description: 'Children who started, or are due to start on an accepted offer or an enrolment, between `from` and `to`, earliest first, with their adults\' contact details and the children whose campus is not yet matched to an SIS code (`waiting`).',
  tag: 'Admissions',
  scope: 'starter.read',
  rateLimit: 300,
  module: 'admissions',
  query: startersQuery,
  response: startersPageSchema,
  keep: 'school-data',
  dependsOnToday: true,
  fieldScopes: []
}, async (ctx) => {
  const { next, ...page } = await listStarters(ctx, ctx.page, { from: ctx.query.from, to: ctx.query.to })
  const { nextCursor } = ctx.pageAnswer({ items: page.items, next })
  return { ...page, nextCursor }
})
