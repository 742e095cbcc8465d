import { defineAppRoute } from '../../../../../utils/app-route'
import { consentAskChangeInput, consentAskParams, consentAskSchema } from '../../../../../../shared/schemas/consents'
import { changeConsentAsk } from '../../../../../domain/consents/change-consent-ask'

/** Closes an ask early, moves its closing day, or cancels it (its excursion was cancelled): then every answer is `ask_closed`. */
export default defineAppRoute({
  summary: 'Close, cancel or move the closing day of a consent ask', tag: 'Consents', capability: 'consents.manage', rateLimit: 60,
  params: consentAskParams, body: consentAskChangeInput, response: consentAskSchema, errors: ['not_found', 'unprocessable']
}, ctx => changeConsentAsk(ctx, ctx.params.id, ctx.body))
