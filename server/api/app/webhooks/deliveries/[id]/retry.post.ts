import { z } from 'zod'
import { defineAppRoute } from '../../../../../utils/app-route'
import { recordId } from '../../../../../../shared/schemas/common'
import { retryWebhookDelivery } from '../../../../../domain/webhooks/deliveries'

/** Sends a failed or given-up delivery again now, in change order. */
export default defineAppRoute({
  summary: 'Send a webhook delivery again', tag: 'Webhooks', capability: 'settings.manage', rateLimit: 30,
  params: z.strictObject({ id: recordId('dlv') }), body: z.strictObject({}), response: z.object({ id: z.string(), status: z.literal('pending') })
}, ctx => retryWebhookDelivery(ctx, ctx.params.id))
