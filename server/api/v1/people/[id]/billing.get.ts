import { defineApiRoute } from '../../../../utils/api-route'
import { apiError } from '../../../../utils/errors'
import { personIdParams } from '../../../../../shared/schemas/people'
import { billingSchema } from '../../../../../shared/schemas/billing'
import { getBillingRecord } from '../../../../domain/billing/billing-record'

export default defineApiRoute({
  summary: 'Get a student\'s billing',
  description: 'Who pays the student\'s charges (payer, category, share in basis points) and the concessions the student holds, open and closed rows both, each with its span. A category with no rows of its own is paid the way `all` is. A person of another school is `not_found`.',
  tag: 'Billing',
  scope: 'billing.read',
  rateLimit: 300,
  module: 'billing',
  params: personIdParams,
  response: billingSchema,
  errors: ['not_found']
}, async (ctx) => {
  const billing = await getBillingRecord(ctx, ctx.params.id)
  if (!billing) throw apiError('not_found', ['No person with this id.'])
  return billing
})
