import { defineApiRoute } from '../../../utils/api-route'
import { pageOf } from '../../../../shared/schemas/common'
import { affiliationSchema, affiliationsQuery } from '../../../../shared/schemas/affiliations'
import { listAffiliations } from '../../../domain/affiliations/list-affiliations'

export default defineApiRoute({
  summary: 'List affiliations',
  description: 'People\'s roles at the school as spans of days, newest first (by `validFrom`, then id). Closed spans are included unless `state=open`. Spans of deleted people are left out.',
  tag: 'People',
  scope: 'affiliation.read',
  rateLimit: 300,
  module: 'people',
  query: affiliationsQuery,
  response: pageOf(affiliationSchema, 'AffiliationPage'),
  keep: 'school-data',
  dependsOnToday: true,
  fieldScopes: []
}, async ctx => ctx.pageAnswer(await listAffiliations(ctx, ctx.page, { state: ctx.query.state, kind: ctx.query.kind })))
