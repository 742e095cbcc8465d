import { definePortalRoute } from '../../../utils/portal-route'
import { ownDetailsSchema } from '../../../../shared/schemas/detail-requests'
import { ownDetails } from '../../../domain/portal/detail-requests'

/** Our details: the adult's own names and contact, what the school keeps elsewhere, and their change requests. */
export default definePortalRoute({
  summary: 'The adult\'s own details and their change requests', tag: 'Family portal', rateLimit: 120, module: 'people', section: 'details',
  response: ownDetailsSchema, errors: ['section_off']
}, ctx => ownDetails(ctx, ctx.portal.adultId))
