import { defineAppRoute } from '../../../../utils/app-route'
import { detailDecisionSchema, detailRejectionInput, detailRequestParams } from '../../../../../shared/schemas/detail-requests'
import { rejectDetailRequest } from '../../../../domain/portal/detail-approvals'

/** Rejects the version of a family's request the office showed (`conflict` when replaced since), with a reason they read on Our details. */
export default defineAppRoute({
  summary: 'Reject a family\'s request to change their details', tag: 'Family portal', capability: 'families.manage', rateLimit: 60, module: 'people',
  params: detailRequestParams, body: detailRejectionInput, response: detailDecisionSchema, errors: ['not_found', 'conflict']
}, ctx => rejectDetailRequest(ctx, ctx.params.id, ctx.body.version, ctx.body.reason))
