import { defineAppRoute } from '../../../utils/app-route'
import { subjectAccessLogInput, subjectAccessRequestSchema } from '../../../../shared/schemas/subject-access'
import { logSubjectAccessRequest } from '../../../domain/subject-access/log-request'

export default defineAppRoute({
  summary: 'Log a subject access request, or a request to erase, correct or restrict, on its clock', tag: 'Subject access',
  capability: 'subject_access.manage', rateLimit: 30, body: subjectAccessLogInput, response: subjectAccessRequestSchema, status: 201,
  errors: ['not_found']
}, ctx => logSubjectAccessRequest(ctx, ctx.body))
