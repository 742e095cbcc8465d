import { defineAppRoute } from '../../../../utils/app-route'
import { subjectAccessDetailSchema, subjectAccessParams, subjectAccessSendInput } from '../../../../../shared/schemas/subject-access'
import { sendSubjectAccessAnswer } from '../../../../domain/subject-access/send-answer'

export default defineAppRoute({
  summary: 'Send an access request\'s answer to the requester\'s portal or as a file, once every item is decided', tag: 'Subject access',
  capability: 'subject_access.manage', rateLimit: 30, stepUp: true, params: subjectAccessParams, body: subjectAccessSendInput,
  response: subjectAccessDetailSchema, errors: ['not_found', 'conflict', 'unprocessable']
}, ctx => sendSubjectAccessAnswer(ctx, ctx.params.id, ctx.body))
