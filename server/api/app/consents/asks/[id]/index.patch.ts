import { defineAppRoute } from '../../../../../utils/app-route'
import { consentAskChangeInput, consentAskParams, consentAskSchema } from '../../../../../../shared/schemas/consents'
import { changeConsentAsk } from '../../../../../domain/consents/change-consent-ask'

/**
 * Closes an ask early, moves its closing day or its reminders, or cancels it (its excursion was cancelled): then every answer is
 * `ask_closed`. Its text and questions change only while no answer is signed (`conflict` after: a correction is a new ask).
 */
export default defineAppRoute({
  summary: 'Close, cancel, reword or move the closing day or reminders of a consent ask', tag: 'Consents', capability: 'consents.manage', rateLimit: 60,
  params: consentAskParams, body: consentAskChangeInput, response: consentAskSchema, errors: ['not_found', 'unprocessable', 'conflict']
}, ctx => changeConsentAsk(ctx, ctx.params.id, ctx.body))
