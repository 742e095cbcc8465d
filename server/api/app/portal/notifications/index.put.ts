import { definePortalRoute } from '../../../../utils/portal-route'
import { notificationChoicesInput, notificationChoicesSchema } from '../../../../../shared/schemas/notifications'
import { setNotificationChoices } from '../../../../domain/notifications/notification-choices'

/** The adult's own choices: instant, the daily digest or off, per kind of notice and channel. */
export default definePortalRoute({
  summary: 'Choose how each kind of notice reaches the adult', tag: 'Family portal', rateLimit: 30, module: 'people',
  body: notificationChoicesInput, response: notificationChoicesSchema, errors: ['preview_read_only']
}, ctx => setNotificationChoices(ctx, ctx.portal.adultId, ctx.body))
