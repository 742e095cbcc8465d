import { defineAppRoute } from '../../../../utils/app-route'
import { detailDecisionSchema, detailRequestParams } from '../../../../../shared/schemas/detail-requests'
import { approveDetailRequest } from '../../../../domain/portal/detail-approvals'

/** Applies a family's requested change through the people domain (with its `person.updated` event) and marks it approved, together. */
export default defineAppRoute({
  summary: 'Approve a family\'s request to change their details', tag: 'Family portal', capability: 'families.manage', rateLimit: 60, module: 'people',
  params: detailRequestParams, response: detailDecisionSchema, errors: ['not_found', 'conflict', 'held_elsewhere', 'unprocessable']
}, ctx => approveDetailRequest(ctx, ctx.params.id))
