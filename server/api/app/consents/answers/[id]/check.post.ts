import { defineAppRoute } from '../../../../../utils/app-route'
import { consentAnswerParams, receiptCheckInput, receiptCheckSchema } from '../../../../../../shared/schemas/consents'
import { checkReceiptHash } from '../../../../../domain/consents/signed-answers'

/** A hash read off a receipt, checked against the record: `matches` when it is the hash kept and the ask's words still give it. */
export default defineAppRoute({
  summary: 'Check a receipt\'s hash against a signed consent answer', tag: 'Consents', capability: 'consents.manage', rateLimit: 60,
  params: consentAnswerParams, body: receiptCheckInput, response: receiptCheckSchema, errors: ['not_found', 'unprocessable']
}, ctx => checkReceiptHash(ctx, ctx.params.id, ctx.body.hash))
