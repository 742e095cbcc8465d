import { defineAppRoute } from '../../../../../utils/app-route'
import { todayInZone } from '../../../../../domain/days/clock'
import { askDayQuery, consentAskParams, consentAskWithTallySchema } from '../../../../../../shared/schemas/consents'
import { readConsentAsk } from '../../../../../domain/consents/list-consent-asks'

/** Another `day` than today needs `restricted.read`; the tally counts the children the answers page lists (readConsentAsk). */
export default defineAppRoute({
  summary: 'A consent ask with its yes, no and not yet on a day', tag: 'Consents', capability: 'consents.manage', rateLimit: 120,
  params: consentAskParams, query: askDayQuery, response: consentAskWithTallySchema, errors: ['not_found']
}, ctx => readConsentAsk(ctx, ctx.params.id, ctx.query.day ?? todayInZone(ctx.school.timeZone)))
