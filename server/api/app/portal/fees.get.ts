import { definePortalRoute } from '../../../utils/portal-route'
import { portalFeesSchema } from '../../../../shared/schemas/fees'
import { portalFees } from '../../../domain/fees/portal-fees'

/** The adult's own part of each child's fees, for every child they have `billing` standing on today; never another payer's. */
export default definePortalRoute({
  summary: 'What the adult owes for each child of the family, period by period', tag: 'Family portal', rateLimit: 120, module: 'billing', section: 'fees',
  response: portalFeesSchema, errors: ['section_off']
}, ctx => portalFees(ctx, ctx.portal.adultId, ctx.day))
