import { definePortalRoute } from '../../../../utils/portal-route'
import { portalConsentsSchema } from '../../../../../shared/schemas/consents'
import { portalConsents } from '../../../../domain/consents/portal-consents'

/** The asks for the children the adult has `consents` standing on today, with their answers and history. */
export default definePortalRoute({
  summary: 'The family\'s consent asks and answers', tag: 'Family portal', rateLimit: 120, module: null, section: 'consents',
  response: portalConsentsSchema, errors: ['section_off']
}, ctx => portalConsents(ctx, ctx.portal.adultId, ctx.day))
