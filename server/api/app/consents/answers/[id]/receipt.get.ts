import { z } from 'zod'
import { defineAppRoute } from '../../../../../utils/app-route'
import { fileAnswer } from '../../../../../utils/file-answer'
import { consentAnswerParams } from '../../../../../../shared/schemas/consents'
import { officeAnswer } from '../../../../../domain/consents/signed-answers'
import { receiptFile, receiptType } from '../../../../../domain/consents/receipt-file'

/** The receipt of a signed answer, as the family downloads it (a PDF): `not_found` for an answer that was not signed. */
export default defineAppRoute({
  summary: 'Download the receipt of a signed consent answer', tag: 'Consents', capability: 'consents.manage', rateLimit: 60,
  params: consentAnswerParams, produces: [receiptType], response: z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() }),
  errors: ['not_found']
}, async ctx => fileAnswer(await receiptFile(ctx, await officeAnswer(ctx, ctx.params.id))))
