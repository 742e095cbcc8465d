import { defineAppRoute } from '../../../utils/app-route'
import { notificationSettingsInput, notificationSettingsSchema } from '../../../../shared/schemas/notifications'
import { updateNotificationSettings } from '../../../domain/notifications/notification-settings'

/** Changes them; the gateway's secret, once typed, is never shown again, so a change to it needs a recent passkey proof. */
export default defineAppRoute({
  summary: 'Change the school\'s notification settings', tag: 'Settings', capability: 'settings.manage', rateLimit: 30, stepUp: true,
  body: notificationSettingsInput, response: notificationSettingsSchema
}, ctx => updateNotificationSettings(ctx, ctx.body))
