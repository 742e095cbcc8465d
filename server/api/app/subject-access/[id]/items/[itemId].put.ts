import { defineAppRoute } from '../../../../../utils/app-route'
import { subjectAccessDecideInput, subjectAccessDetailSchema, subjectAccessItemParams } from '../../../../../../shared/schemas/subject-access'
import { decideSubjectAccessItem } from '../../../../../domain/subject-access/decide-item'

export default defineAppRoute({
  summary: 'Decide one item of an answer: include, redact (a marker in its place) or withhold (the exemption named)', tag: 'Subject access',
  capability: 'subject_access.manage', rateLimit: 120, params: subjectAccessItemParams, body: subjectAccessDecideInput,
  response: subjectAccessDetailSchema, errors: ['not_found', 'conflict']
}, ctx => decideSubjectAccessItem(ctx, ctx.params.id, ctx.params.itemId, ctx.body))
