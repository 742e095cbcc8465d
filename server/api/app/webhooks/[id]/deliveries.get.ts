import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { pageQueryShape, recordId } from '../../../../../shared/schemas/common'
import { webhookDeliverySchema } from '../../../../../shared/schemas/webhooks'
import { pageWebhookDeliveries } from '../../../../domain/webhooks/deliveries'

/** A subscription's deliveries, newest change first, each with the receiver's last answer. */
export default defineAppRoute({
  summary: 'A webhook subscription\'s deliveries', tag: 'Webhooks', capability: 'settings.manage', rateLimit: 120,
  params: z.strictObject({ id: recordId('sub') }), query: z.strictObject(pageQueryShape),
  response: z.object({ items: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() })
}, async ctx => ctx.pageAnswer(await pageWebhookDeliveries(ctx, ctx.params.id, ctx.page)))
