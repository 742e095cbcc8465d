import { definePortalRoute } from '../../../../utils/portal-route'
import { portalNotificationsSchema } from '../../../../../shared/schemas/notifications'
import { readNotificationChoices } from '../../../../domain/notifications/notification-choices'
import { vapidKeysOf } from '../../../../domain/notifications/notification-settings'

/** The adult's channels, their choice per kind of notice on each, the school's digest time, and the key a browser subscribes to push with. */
export default definePortalRoute({
  summary: 'The adult\'s notification channels and choices', tag: 'Family portal', rateLimit: 120, module: 'people',
  response: portalNotificationsSchema
}, async ctx => ({
  ...await readNotificationChoices(ctx, ctx.portal.adultId),
  pushPublicKey: (await vapidKeysOf(ctx.database, ctx.school.id)).publicKey
}))
