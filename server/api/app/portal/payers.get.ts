import { definePortalRoute } from '../../../utils/portal-route'
import { portalPayersSchema } from '../../../../shared/schemas/portal'
import { portalPayers } from '../../../domain/billing/portal-billing'

/** Who pays, for every child the adult has `billing` standing on today. */
export default definePortalRoute({
  summary: 'Who pays for each child of the family', tag: 'Family portal', rateLimit: 120, module: 'billing', section: 'payers',
  response: portalPayersSchema, errors: ['section_off']
}, ctx => portalPayers(ctx, ctx.portal.adultId, ctx.day))
