import { z } from 'zod'
import { defineAppRoute } from '../../../utils/app-route'
import { recordId } from '../../../../shared/schemas/common'
import { deleteWebhookSubscription } from '../../../domain/webhooks/subscriptions'

/** Stops a subscription; its delivery history is kept. */
export default defineAppRoute({
  summary: 'Delete a webhook subscription', tag: 'Webhooks', capability: 'settings.manage', rateLimit: 30,
  params: z.strictObject({ id: recordId('sub') }), response: z.object({ id: z.string(), deletedAt: z.string() })
}, ctx => deleteWebhookSubscription(ctx, ctx.params.id))
