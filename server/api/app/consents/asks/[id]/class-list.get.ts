import { defineAppRoute } from '../../../../../utils/app-route'
import { todayInZone } from '../../../../../domain/days/clock'
import { classListQuery, classListSchema, consentAskParams } from '../../../../../../shared/schemas/consents'
import { askClassList } from '../../../../../domain/consents/answer-lists'

/**
 * For an excursion: the ask's children in a class on the day with each one's consent, the whole list, to print.
 * Another `day` than today needs `restricted.read` (askClassList).
 */
export default defineAppRoute({
  summary: 'A class list for an excursion with each child\'s consent', tag: 'Consents', capability: 'consents.manage', rateLimit: 120,
  params: consentAskParams, query: classListQuery, response: classListSchema, errors: ['not_found']
}, ctx => askClassList(ctx, ctx.params.id, ctx.query.class, ctx.query.day ?? todayInZone(ctx.school.timeZone)))
