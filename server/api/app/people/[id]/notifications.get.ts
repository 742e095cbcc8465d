import { defineAppRoute } from '../../../../utils/app-route'
import { personIdParam } from '../../../../../shared/schemas/person-record'
import { personNotificationsSchema } from '../../../../../shared/schemas/notifications'
import { personNotifications } from '../../../../domain/notifications/person-notifications'

/** How an adult is reached, for their record: channels, their choices (read-only: only the family changes them), and what no longer reaches them. */
export default defineAppRoute({
  summary: 'How an adult is reached: channels, choices and what no longer reaches them', tag: 'People', capability: 'messages.send', rateLimit: 120,
  params: personIdParam, response: personNotificationsSchema, errors: ['not_found']
}, ctx => personNotifications(ctx, ctx.params.id))
