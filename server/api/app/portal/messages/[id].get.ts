import { definePortalRoute } from '../../../../utils/portal-route'
import { messageParams, portalMessageQuery, portalMessageSchema } from '../../../../../shared/schemas/messages'
import { readPortalMessage } from '../../../../domain/messages/portal-messages'

/**
 * One message, in the version the adult reads (`?original=1`: the school's original); the adult's first
 * read of it is the read receipt the office sees (never in a staff preview).
 */
export default definePortalRoute({
  summary: 'Read a message (records the read receipt)', tag: 'Family portal', rateLimit: 120, module: null, section: 'messages',
  params: messageParams, query: portalMessageQuery, response: portalMessageSchema, errors: ['section_off', 'not_found']
}, ctx => readPortalMessage(ctx, ctx.portal.adultId, ctx.params.id, { markRead: !ctx.portal.preview, original: ctx.query.original === '1' }))
