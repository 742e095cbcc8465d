import { z } from 'zod'
import { definePortalRoute } from '../../../../../utils/portal-route'
import { recordId } from '../../../../../../shared/schemas/common'
import { removePushDevice } from '../../../../../domain/notifications/push-devices'

/** Turns notifications off for one of the adult's devices. */
export default definePortalRoute({
  summary: 'Turn phone notifications off for one device', tag: 'Family portal', rateLimit: 30, module: 'people',
  params: z.strictObject({ id: recordId('psh') }), response: z.object({ removed: z.boolean() }), errors: ['preview_read_only']
}, ctx => removePushDevice(ctx, ctx.portal, ctx.params.id))
