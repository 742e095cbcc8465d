import { definePortalRoute } from '../../../utils/portal-route'
import { familyPayersSchema } from '../../../../shared/schemas/portal'
import { familyPayers } from '../../../domain/portal/child-payers'

/** Who pays, for every child the adult has `billing` standing on today. */
export default definePortalRoute({
  summary: 'Who pays for each child of the family', tag: 'Family portal', rateLimit: 120, module: 'billing', section: 'payers',
  response: familyPayersSchema, errors: ['section_off']
}, ctx => familyPayers(ctx, ctx.portal.adultId, ctx.day))
