import { defineAppRoute } from '../../../../utils/app-route'
import { subjectAccessDetailSchema, subjectAccessParams, subjectAccessRefuseInput } from '../../../../../shared/schemas/subject-access'
import { refuseSubjectAccessRequest } from '../../../../domain/subject-access/close-request'

export default defineAppRoute({
  summary: 'Refuse an open request, keeping the reason', tag: 'Subject access', capability: 'subject_access.manage', rateLimit: 30,
  params: subjectAccessParams, body: subjectAccessRefuseInput, response: subjectAccessDetailSchema, errors: ['not_found', 'conflict']
}, ctx => refuseSubjectAccessRequest(ctx, ctx.params.id, ctx.body))
