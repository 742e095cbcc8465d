import { defineAppRoute } from '../../../../../utils/app-route'
import { consentAnswerDetailSchema, consentAnswerParams } from '../../../../../../shared/schemas/consents'
import { answerDetail } from '../../../../../domain/consents/signed-answers'

/** One answer: its signature (who, when, from where, the hash kept and the hash of the words now) and the form's answers, medical ones too. */
export default defineAppRoute({
  summary: 'A consent answer with its signature and the form\'s answers', tag: 'Consents', capability: 'consents.manage', rateLimit: 300,
  params: consentAnswerParams, response: consentAnswerDetailSchema, errors: ['not_found']
}, ctx => answerDetail(ctx, ctx.params.id))
