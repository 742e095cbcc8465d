import { definePortalRoute } from '../../../utils/portal-route'
import { portalHomeSchema } from '../../../../shared/schemas/portal'
import { portalHome } from '../../../domain/portal/portal-home'

export default definePortalRoute({
  summary: 'The family portal\'s front page: the adult, the sections, and the children they may see today', tag: 'Family portal', rateLimit: 120,
  module: 'people',
  response: portalHomeSchema
}, ctx => portalHome(ctx, ctx.portal, ctx.day))
