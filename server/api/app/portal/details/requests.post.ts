import { definePortalRoute } from '../../../../utils/portal-route'
import { detailRequestInput, ownDetailRequestSchema } from '../../../../../shared/schemas/detail-requests'
import { askDetailChange } from '../../../../domain/portal/detail-requests'

/** Asks the office to change the adult's details; a request still pending is replaced by the newer one. */
export default definePortalRoute({
  summary: 'Ask the office to change the adult\'s details', tag: 'Family portal', rateLimit: 20, module: 'people', section: 'details',
  body: detailRequestInput, response: ownDetailRequestSchema, status: 201, errors: ['section_off', 'held_elsewhere', 'preview_read_only']
}, ctx => askDetailChange(ctx, ctx.portal, ctx.body))
