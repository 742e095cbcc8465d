import { z } from 'zod'
import { definePortalRoute } from '../../../../../utils/portal-route'
import { pushSubscriptionInput } from '../../../../../../shared/schemas/notifications'
import { addPushDevice } from '../../../../../domain/notifications/push-devices'

/** Turns notifications on for this browser or phone: the subscription its push service gave, bound to this account. */
export default definePortalRoute({
  summary: 'Turn phone notifications on for this browser', tag: 'Family portal', rateLimit: 20, module: 'people', status: 201,
  body: pushSubscriptionInput, response: z.object({ id: z.string(), label: z.string(), createdAt: z.string() }), errors: ['conflict', 'preview_read_only']
}, ctx => addPushDevice(ctx, ctx.portal, ctx.body, ctx.event.headers.get('user-agent') ?? undefined))
