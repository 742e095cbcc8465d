import { defineAppRoute } from '../../../../utils/app-route'
import { refusedBeside } from '../../../../utils/refusal-beside'
import { billingSplitBody, personIdParam, writtenSchema } from '../../../../../shared/schemas/person-record'
import { setBillingSplit } from '../../../../domain/billing/set-billing-split'

/** Sets who pays a category of the student's charges from a day; shares that do not total 10000 are refused beside them, and nothing is written. */
export default defineAppRoute({
  summary: 'Set a billing split', tag: 'Billing', capability: 'people.manage', rateLimit: 30, module: 'billing',
  params: personIdParam, body: billingSplitBody, response: writtenSchema, errors: ['not_found', 'unprocessable']
}, async (ctx) => {
  await refusedBeside('shares', () => setBillingSplit(ctx, ctx.params.id, ctx.body))
  return { id: ctx.params.id }
})
