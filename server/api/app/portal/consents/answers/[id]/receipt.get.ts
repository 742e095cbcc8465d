import { z } from 'zod'
import { definePortalRoute } from '../../../../../../utils/portal-route'
import { fileAnswer } from '../../../../../../utils/file-answer'
import { consentAnswerParams } from '../../../../../../../shared/schemas/consents'
import { ownSignedAnswer } from '../../../../../../domain/consents/signed-answers'
import { receiptFile, receiptType } from '../../../../../../domain/consents/receipt-file'

/** The receipt of the adult's own signed answer (a PDF): `not_found`, one body, for anyone else's, an unsigned one, or once their standing has ended. */
export default definePortalRoute({
  summary: 'Download the receipt of a signed consent answer', tag: 'Family portal', rateLimit: 30, module: null, section: 'consents',
  params: consentAnswerParams, produces: [receiptType], response: z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() }),
  errors: ['section_off', 'not_found']
}, async ctx => fileAnswer(await receiptFile(ctx, await ownSignedAnswer(ctx, ctx.portal.adultId, ctx.params.id))))
