import { defineAppRoute } from '../../../../utils/app-route'
import { consentAskListQuery, consentAskPageSchema } from '../../../../../shared/schemas/consents'
import { listConsentAsks } from '../../../../domain/consents/list-consent-asks'

export default defineAppRoute({
  summary: 'The school\'s consent asks, newest first, each with its yes, no and not yet today', tag: 'Consents', capability: 'consents.manage', rateLimit: 120,
  query: consentAskListQuery, response: consentAskPageSchema
}, async ctx => ctx.pageAnswer(await listConsentAsks(ctx, ctx.page)))
