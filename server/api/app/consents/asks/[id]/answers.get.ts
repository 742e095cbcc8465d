import { defineAppRoute } from '../../../../../utils/app-route'
import { todayInZone } from '../../../../../domain/days/clock'
import { askAnswersPageSchema, askAnswersQuery, consentAskParams } from '../../../../../../shared/schemas/consents'
import { askAnswersPage } from '../../../../../domain/consents/answer-lists'

/**
 * Another `day` than today needs `restricted.read`; a child under restriction today is left out for anyone without it (askAnswersPage).
 * `waiting=true`: only the children still at not yet, with who is still to answer for them.
 */
export default defineAppRoute({
  summary: 'An ask\'s answers per child on a day, in name order: yes, no or not yet, with each adult\'s answer', tag: 'Consents',
  capability: 'consents.manage', rateLimit: 300,
  params: consentAskParams, query: askAnswersQuery, response: askAnswersPageSchema, errors: ['not_found']
}, async ctx => ctx.pageAnswer(
  await askAnswersPage(ctx, ctx.params.id, ctx.query.day ?? todayInZone(ctx.school.timeZone), ctx.page, { waiting: ctx.query.waiting === 'true' })
))
