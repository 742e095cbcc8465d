import { defineAppRoute } from '../../../../utils/app-route'
import { consentAskInput, createdConsentAskSchema } from '../../../../../shared/schemas/consents'
import { createConsentAsk } from '../../../../domain/consents/create-consent-ask'

/** Asks the audience's families for consent: `subject_required`, `audience_unknown` (naming each group) or `audience_empty`, and nothing is written. */
export default defineAppRoute({
  summary: 'Ask families for consent', tag: 'Consents', capability: 'consents.manage', rateLimit: 60, status: 201,
  body: consentAskInput, response: createdConsentAskSchema, errors: ['subject_required', 'audience_unknown', 'audience_empty']
}, ctx => createConsentAsk(ctx, ctx.body))
