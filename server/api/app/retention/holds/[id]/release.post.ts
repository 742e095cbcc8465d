import { z } from 'zod'
import { defineAppRoute } from '../../../../../utils/app-route'
import { recordId } from '../../../../../../shared/schemas/common'
import { releaseLegalHold } from '../../../../../domain/retention/legal-holds'

export default defineAppRoute({
  summary: 'Release a legal hold: the person\'s class\'s period applies again from the next sweep', tag: 'Settings',
  capability: 'retention.manage', rateLimit: 60, params: z.strictObject({ id: recordId('hld') }), errors: ['not_found', 'conflict'],
  response: z.object({ id: z.string(), personId: z.string(), released: z.boolean() })
}, ctx => releaseLegalHold(ctx, ctx.params.id))
