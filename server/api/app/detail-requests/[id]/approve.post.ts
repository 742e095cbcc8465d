import { defineAppRoute } from '../../../../utils/app-route'
import { detailApprovalInput, detailDecisionSchema, detailRequestParams } from '../../../../../shared/schemas/detail-requests'
import { approveDetailRequest } from '../../../../domain/portal/detail-approvals'

/**
 * Applies the version of a family's request the office showed (`conflict` when the family replaced it
 * since), through the people domain (with its `person.updated` event), and marks it approved, together.
 */
export default defineAppRoute({
  summary: 'Approve a family\'s request to change their details', tag: 'Family portal', capability: 'families.manage', rateLimit: 60, module: 'people',
  params: detailRequestParams, body: detailApprovalInput, response: detailDecisionSchema, errors: ['not_found', 'conflict', 'held_elsewhere', 'unprocessable']
}, ctx => approveDetailRequest(ctx, ctx.params.id, ctx.body.version))
