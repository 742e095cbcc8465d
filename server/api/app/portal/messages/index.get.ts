import { definePortalRoute } from '../../../../utils/portal-route'
import { messageListQuery, portalMessagePageSchema } from '../../../../../shared/schemas/messages'
import { portalMessages } from '../../../../domain/messages/portal-messages'

export default definePortalRoute({
  summary: 'The messages the school wrote to the adult', tag: 'Family portal', rateLimit: 120, module: null, section: 'messages',
  query: messageListQuery, response: portalMessagePageSchema, errors: ['section_off']
}, async ctx => ctx.pageAnswer(await portalMessages(ctx, ctx.portal.adultId, ctx.page)))
