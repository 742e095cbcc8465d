import { defineAppRoute } from '../../../../utils/app-route'
import { subjectAccessDetailSchema, subjectAccessParams } from '../../../../../shared/schemas/subject-access'
import { assembleSubjectAccessAnswer } from '../../../../domain/subject-access/assemble-answer'

/** Lists which restricted records exist about the subject: a restricted read, so a recent passkey proof. */
export default defineAppRoute({
  summary: 'Assemble an access request\'s answer: list its restricted records and third parties\' details to decide one by one',
  tag: 'Subject access', capability: 'subject_access.manage', rateLimit: 30, stepUp: true, params: subjectAccessParams,
  response: subjectAccessDetailSchema, errors: ['not_found', 'conflict']
}, ctx => assembleSubjectAccessAnswer(ctx, ctx.params.id))
