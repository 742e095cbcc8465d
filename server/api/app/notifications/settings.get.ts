import { defineAppRoute } from '../../../utils/app-route'
import { notificationSettingsSchema } from '../../../../shared/schemas/notifications'
import { readNotificationSettings } from '../../../domain/notifications/notification-settings'

export default defineAppRoute({
  summary: 'The school\'s notification settings: digest time, kinds families may turn off, text gateway (no secret), push key', tag: 'Settings',
  capability: 'settings.manage', rateLimit: 120,
  response: notificationSettingsSchema
}, ctx => readNotificationSettings(ctx))
