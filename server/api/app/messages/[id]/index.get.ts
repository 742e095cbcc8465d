import { defineAppRoute } from '../../../../utils/app-route'
import { messageParams, messageSchema } from '../../../../../shared/schemas/messages'
import { readMessage } from '../../../../domain/messages/send-message'

export default defineAppRoute({
  summary: 'A message as sent, with its tally', tag: 'Messages', capability: 'messages.send', rateLimit: 120,
  params: messageParams, response: messageSchema, errors: ['not_found']
}, ctx => readMessage(ctx, ctx.params.id))
