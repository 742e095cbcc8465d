import { defineAppRoute } from '../../../utils/app-route'
import { subjectAccessListQuery, subjectAccessPageSchema } from '../../../../shared/schemas/subject-access'
import { listSubjectAccessRequests } from '../../../domain/subject-access/list-requests'

export default defineAppRoute({
  summary: 'The school\'s subject access requests, latest deadline first, each with its clock', tag: 'Subject access',
  capability: 'subject_access.manage', rateLimit: 120, query: subjectAccessListQuery, response: subjectAccessPageSchema
}, async ctx => ctx.pageAnswer(await listSubjectAccessRequests(ctx, ctx.query, ctx.page as { limit: number, after?: [string, string] })))
