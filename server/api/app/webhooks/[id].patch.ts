import { z } from 'zod'
import { defineAppRoute } from '../../../utils/app-route'
import { recordId } from '../../../../shared/schemas/common'
import { webhookSubscriptionChangeSchema } from '../../../../shared/schemas/webhooks'
import { pauseWebhookSubscription, setWebhookSubscriptionToken } from '../../../domain/webhooks/subscriptions'

/** Gives a subscription another token, then pauses or resumes it (resume after a token change in one request). */
export default defineAppRoute({
  summary: 'Pause, resume or re-token a webhook subscription', tag: 'Webhooks', capability: 'settings.manage', rateLimit: 30,
  params: z.strictObject({ id: recordId('sub') }), body: webhookSubscriptionChangeSchema,
  response: z.object({ id: z.string(), tokenId: z.string().optional(), pausedAt: z.string().nullable().optional() })
}, async (ctx) => {
  const { id } = ctx.params
  const retokened = ctx.body.tokenId === undefined ? {} : await setWebhookSubscriptionToken(ctx, id, ctx.body.tokenId)
  const paused = ctx.body.paused === undefined ? {} : await pauseWebhookSubscription(ctx, id, ctx.body.paused)
  return { id, ...retokened, ...paused }
})
