import { defineAppRoute } from '../../../../utils/app-route'
import { todayInZone } from '../../../../domain/days/clock'
import { askDayQuery, childConsentsParams, childConsentsSchema } from '../../../../../shared/schemas/consents'
import { consentsOfChild } from '../../../../domain/consents/child-consents'

/** Another `day` than today needs `restricted.read` (consentsOfChild). */
export default defineAppRoute({
  summary: 'A child\'s consents in force on a day', tag: 'Consents', capability: 'consents.manage', rateLimit: 120,
  params: childConsentsParams, query: askDayQuery, response: childConsentsSchema, errors: ['not_found']
}, ctx => consentsOfChild(ctx, ctx.params.id, ctx.query.day ?? todayInZone(ctx.school.timeZone)))
