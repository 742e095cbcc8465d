import { defineAppRoute } from '../../../utils/app-route'
import { messageInput, sentMessageSchema } from '../../../../shared/schemas/messages'
import { sendMessage } from '../../../domain/messages/send-message'

/**
 * An emergency notice (docs/notifications.md, "Emergencies"): every channel each adult has, whatever they
 * chose, ahead of every other queue. A capability of its own, with a recent passkey proof.
 */
export default defineAppRoute({
  summary: 'Send an emergency notice to audience groups', tag: 'Messages', capability: 'messages.emergency', rateLimit: 10, status: 201, idempotent: true,
  stepUp: true, body: messageInput, response: sentMessageSchema, errors: ['audience_unknown', 'audience_empty']
}, ctx => sendMessage(ctx, { ...ctx.body, emergency: true }))
