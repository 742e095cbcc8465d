import { definePortalRoute } from '../../../utils/portal-route'
import { portalDataCheckSchema } from '../../../../shared/schemas/data-checks'
import { portalDataCheck } from '../../../domain/data-checks/portal-data-check'

/** The open data check asking the adult, with what is on file for them and each child asked about; `check` null when none. */
export default definePortalRoute({
  summary: 'The family\'s data check', tag: 'Family portal', rateLimit: 120, module: 'people', section: 'details',
  response: portalDataCheckSchema, errors: ['section_off']
}, ctx => portalDataCheck(ctx, ctx.portal.adultId, ctx.day))
