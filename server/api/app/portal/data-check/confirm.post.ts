import { definePortalRoute } from '../../../../utils/portal-route'
import { portalDataCheckAnswerSchema, portalDataCheckConfirmInput } from '../../../../../shared/schemas/data-checks'
import { confirmDataCheck } from '../../../../domain/data-checks/portal-data-check'

/** The adult confirms everything the check showed them as on file. */
export default definePortalRoute({
  summary: 'Confirm the family\'s details', tag: 'Family portal', rateLimit: 20, module: 'people', section: 'details',
  body: portalDataCheckConfirmInput, response: portalDataCheckAnswerSchema, errors: ['section_off', 'preview_read_only', 'not_found', 'conflict']
}, ctx => confirmDataCheck(ctx, ctx.portal.adultId, ctx.body.checkId, ctx.day))
