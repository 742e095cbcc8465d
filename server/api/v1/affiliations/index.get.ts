import { defineApiRoute } from '../../../utils/api-route'
import { keysetPage } from '../../../utils/pagination'
import { cachedForSchoolData } from '../../../utils/answer-cache'
import { todayInZone } from '../../../domain/shared/clock'
import { pageOf } from '../../../schemas/common'
import { affiliationSchema, affiliationsQuery } from '../../../schemas/affiliations'
import { listAffiliations, type AffiliationsPageRequest } from '../../../domain/affiliations/list-affiliations'

export default defineApiRoute({
  summary: 'List affiliations',
  description: 'People\'s roles at the school as spans of days, newest first (by `validFrom`, then id). Closed spans are included unless `state=open`. Spans of deleted people are left out.',
  tag: 'People',
  scope: 'affiliation.read',
  rateLimit: 300,
  module: 'people',
  query: affiliationsQuery,
  response: pageOf(affiliationSchema, 'AffiliationPage')
}, ({ database, caller, query: { state, kind, ...page } }) =>
  cachedForSchoolData(caller.school, `affiliations ${page.limit} ${page.cursor ?? ''} ${state ?? ''} ${kind ?? ''} ${todayInZone(caller.school.timeZone)}`, () =>
    keysetPage('affiliations', caller.school.id, page, (request: AffiliationsPageRequest) => listAffiliations(database, caller.school, request, { state, kind }))))
