import { defineAppRoute } from '../../../../utils/app-route'
import { subjectAccessDetailSchema, subjectAccessParams } from '../../../../../shared/schemas/subject-access'
import { readSubjectAccessRequest } from '../../../../domain/subject-access/read-request'

export default defineAppRoute({
  summary: 'A subject access request with its clock and the items of its answer to decide', tag: 'Subject access',
  capability: 'subject_access.manage', rateLimit: 120, params: subjectAccessParams, response: subjectAccessDetailSchema, errors: ['not_found']
}, ctx => readSubjectAccessRequest(ctx, ctx.params.id))
