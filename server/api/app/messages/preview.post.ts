import { defineAppRoute } from '../../../utils/app-route'
import { audiencePreviewInput, audiencePreviewSchema } from '../../../../shared/schemas/messages'
import { previewAudience } from '../../../domain/messages/send-message'

/** Who a message would reach today, before it is sent: a read, though it is a POST (an audience can be long). */
export default defineAppRoute({
  summary: 'Preview a message\'s audience: adults by name, children, and how many are left out', tag: 'Messages', capability: 'messages.send', rateLimit: 120,
  body: audiencePreviewInput, response: audiencePreviewSchema, errors: ['audience_unknown']
}, ctx => previewAudience(ctx, ctx.body.audience))
