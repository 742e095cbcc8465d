import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { refusedBeside } from '../../../../utils/refusal-beside'
import { recordId } from '../../../../../shared/schemas/common'
import { lastDayBody, writtenSchema } from '../../../../../shared/schemas/person-record'
import { closeParentalResponsibility } from '../../../../domain/people/parental-responsibility'

/** Ends an adult's parental responsibility for a child on its last day. */
export default defineAppRoute({
  summary: 'End parental responsibility', tag: 'People', capability: 'people.manage', rateLimit: 30, module: 'people',
  params: z.strictObject({ id: recordId('par') }), body: lastDayBody, response: writtenSchema, errors: ['not_found', 'unprocessable']
}, async (ctx) => {
  await refusedBeside('lastDay', () => closeParentalResponsibility(ctx, ctx.params.id, ctx.body.lastDay))
  return { id: ctx.params.id }
})
