import { definePortalRoute } from '../../../../utils/portal-route'
import { portalChildParams, portalChildSchema } from '../../../../../shared/schemas/portal'
import { portalChild } from '../../../../domain/portal/portal-child'

/** A child on the Children page: `standing_withheld`, the same answer every time, for a child the adult may not see today. */
export default definePortalRoute({
  summary: 'A child of the family: names, year level, campus and the school\'s key dates', tag: 'Family portal', rateLimit: 120, module: 'people',
  section: 'children',
  params: portalChildParams, response: portalChildSchema, errors: ['standing_withheld', 'section_off']
}, ctx => portalChild(ctx, ctx.portal.adultId, ctx.params.id, ctx.day))
