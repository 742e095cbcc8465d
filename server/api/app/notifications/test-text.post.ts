import { z } from 'zod'
import { defineAppRoute } from '../../../utils/app-route'
import { e164Number } from '../../../../shared/schemas/notifications'
import { sendTestText } from '../../../domain/notifications/test-text'

/** "Send a test text": one text through the school's gateway now, and what the gateway answered. */
export default defineAppRoute({
  summary: 'Send a test text through the school\'s gateway', tag: 'Settings', capability: 'settings.manage', rateLimit: 10,
  body: z.strictObject({ to: e164Number }),
  response: z.object({ accepted: z.boolean(), summary: z.string().nullable() })
}, ctx => sendTestText(ctx, ctx.body.to))
