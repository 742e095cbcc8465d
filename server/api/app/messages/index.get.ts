import { defineAppRoute } from '../../../utils/app-route'
import { messageListQuery, messagePageSchema } from '../../../../shared/schemas/messages'
import { listMessages } from '../../../domain/messages/send-message'

export default defineAppRoute({
  summary: 'The school\'s messages, newest first, with deliveries, bounces and reads', tag: 'Messages', capability: 'messages.send', rateLimit: 120,
  query: messageListQuery, response: messagePageSchema
}, async ctx => ctx.pageAnswer(await listMessages(ctx, ctx.page)))
