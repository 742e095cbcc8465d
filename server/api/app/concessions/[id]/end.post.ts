import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { refusedBeside } from '../../../../utils/refusal-beside'
import { recordId } from '../../../../../shared/schemas/common'
import { lastDayBody, writtenSchema } from '../../../../../shared/schemas/person-record'
import { endConcession } from '../../../../domain/billing/concessions'

/** Ends a concession on its last day. */
export default defineAppRoute({
  summary: 'End a concession', tag: 'People', capability: 'people.manage', rateLimit: 30, module: 'billing',
  params: z.strictObject({ id: recordId('cnc') }), body: lastDayBody, response: writtenSchema, errors: ['not_found', 'unprocessable']
}, async (ctx) => {
  await refusedBeside('lastDay', () => endConcession(ctx, ctx.params.id, ctx.body.lastDay))
  return { id: ctx.params.id }
})
