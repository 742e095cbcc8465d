import { defineAppRoute } from '../../../../utils/app-route'
import { messageListQuery, messageParams, messageRecipientPageSchema } from '../../../../../shared/schemas/messages'
import { messageRecipientsPage } from '../../../../domain/messages/send-message'

/** Whom the message reached, in name order: each delivery, bounce and read receipt. */
export default defineAppRoute({
  summary: 'A message\'s recipients with deliveries, bounces and read receipts', tag: 'Messages', capability: 'messages.send', rateLimit: 120,
  params: messageParams, query: messageListQuery, response: messageRecipientPageSchema, errors: ['not_found']
}, async ctx => ctx.pageAnswer(await messageRecipientsPage(ctx, ctx.params.id, ctx.page)))
