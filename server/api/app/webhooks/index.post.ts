import { defineAppRoute } from '../../../utils/app-route'
import { createdWebhookSchema, webhookSubscriptionInputSchema } from '../../../../shared/schemas/webhooks'
import { createWebhookSubscription } from '../../../domain/webhooks/subscriptions'

/** Subscribes a destination; the signing secret is in this answer only, so it needs a recent passkey proof. */
export default defineAppRoute({
  summary: 'Create a webhook subscription', tag: 'Webhooks', capability: 'settings.manage', rateLimit: 30, stepUp: true, status: 201,
  body: webhookSubscriptionInputSchema, response: createdWebhookSchema
}, ctx => createWebhookSubscription(ctx, ctx.body))
