import { definePortalRoute } from '../../../../../utils/portal-route'
import { portalChildPayersSchema, portalChildParams } from '../../../../../../shared/schemas/portal'
import { portalChildPayers } from '../../../../../domain/billing/portal-billing'

/** Who pays for a child, for an adult with `billing` standing today: shares in basis points (3333 is 33.33 %) and concessions by kind, never amounts. */
export default definePortalRoute({
  summary: 'Who pays for a child of the family', tag: 'Family portal', rateLimit: 120, module: 'billing', section: 'payers',
  params: portalChildParams, response: portalChildPayersSchema, errors: ['standing_withheld', 'section_off']
}, ctx => portalChildPayers(ctx, ctx.portal.adultId, ctx.params.id, ctx.day))
