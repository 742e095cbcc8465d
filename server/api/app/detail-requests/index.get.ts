import { defineAppRoute } from '../../../utils/app-route'
import { detailRequestPageSchema, detailRequestsQuery } from '../../../../shared/schemas/detail-requests'
import { listDetailRequests } from '../../../domain/portal/detail-approvals'

/** The approval queue: the families' detail requests in one state, pending oldest first, decided ones newest first. */
export default defineAppRoute({
  summary: 'The families\' requests to change their details', tag: 'Family portal', capability: 'families.manage', rateLimit: 120, module: 'people',
  query: detailRequestsQuery, response: detailRequestPageSchema
}, async ctx => ctx.pageAnswer(await listDetailRequests(ctx, ctx.page, ctx.query.state)))
