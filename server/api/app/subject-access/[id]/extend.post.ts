import { defineAppRoute } from '../../../../utils/app-route'
import { subjectAccessDetailSchema, subjectAccessExtendInput, subjectAccessParams } from '../../../../../shared/schemas/subject-access'
import { extendSubjectAccessDeadline } from '../../../../domain/subject-access/extend-deadline'

export default defineAppRoute({
  summary: 'Extend a request\'s one-month deadline by one or two months, with the reason', tag: 'Subject access',
  capability: 'subject_access.manage', rateLimit: 30, params: subjectAccessParams, body: subjectAccessExtendInput,
  response: subjectAccessDetailSchema, errors: ['not_found', 'conflict']
}, ctx => extendSubjectAccessDeadline(ctx, ctx.params.id, ctx.body))
