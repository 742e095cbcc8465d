import { defineAppRoute } from '../../../utils/app-route'
import { messageInput, sentMessageSchema } from '../../../../shared/schemas/messages'
import { sendMessage } from '../../../domain/messages/send-message'

/** Writes the message and queues its emails; the delivery worker sends them after the answer. */
export default defineAppRoute({
  summary: 'Send a message to audience groups', tag: 'Messages', capability: 'messages.send', rateLimit: 30, status: 201, idempotent: true,
  body: messageInput, response: sentMessageSchema, errors: ['audience_unknown', 'audience_empty']
}, ctx => sendMessage(ctx, ctx.body))
