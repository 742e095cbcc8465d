import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { legalHoldInput } from '../../../../../shared/schemas/retention'
import { placeLegalHold } from '../../../../domain/retention/legal-holds'

export default defineAppRoute({
  summary: 'Place a legal hold on a person: the sweep leaves them whole until it ends or is released', tag: 'Settings',
  capability: 'retention.manage', rateLimit: 60, body: legalHoldInput, errors: ['not_found'],
  response: z.object({ id: z.string(), personId: z.string(), endsOn: z.string() })
}, ctx => placeLegalHold(ctx, ctx.body))
