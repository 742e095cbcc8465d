import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { recordId } from '../../../../../shared/schemas/common'
import { sendTestWebhook } from '../../../../domain/webhooks/test-delivery'

/** Queues a test delivery (`webhook.test`) to this subscription only; it is listed with its deliveries. */
export default defineAppRoute({
  summary: 'Send a test delivery', tag: 'Webhooks', capability: 'settings.manage', rateLimit: 10, status: 202,
  params: z.strictObject({ id: recordId('sub') }), body: z.strictObject({}), response: z.object({ id: z.string(), queued: z.literal(true) })
}, ctx => sendTestWebhook(ctx, ctx.params.id))
