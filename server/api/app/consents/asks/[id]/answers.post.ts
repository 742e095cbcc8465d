import { defineAppRoute } from '../../../../../utils/app-route'
import { consentAnswerSchema, consentAskParams, officeAnswerInput } from '../../../../../../shared/schemas/consents'
import { recordConsentAnswer } from '../../../../../domain/consents/record-answer'

/** An answer from a paper form, typed in by the office on the adult's behalf: the same rules as the portal's, on the form's day. */
export default defineAppRoute({
  summary: 'Record an adult\'s answer from a paper form', tag: 'Consents', capability: 'consents.manage', rateLimit: 120, status: 201,
  params: consentAskParams, body: officeAnswerInput, response: consentAnswerSchema, errors: ['not_found', 'no_consent_standing', 'ask_closed']
}, ctx => recordConsentAnswer(ctx, { askId: ctx.params.id, ...ctx.body, onBehalf: true }))
