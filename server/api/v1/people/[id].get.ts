import { defineApiRoute } from '../../../utils/api-route'
import { apiError } from '../../../utils/errors'
import { personIdParams, personSchema } from '../../../../shared/schemas/people'
import { findPerson } from '../../../domain/people/get-person'

export default defineApiRoute({
  summary: 'Get a person',
  description: 'One person of the school. A deleted person, or one of another school, is `not_found`.',
  tag: 'People',
  scope: 'person.read',
  rateLimit: 300,
  module: 'people',
  params: personIdParams,
  response: personSchema,
  errors: ['not_found']
}, async (ctx) => {
  const person = await findPerson(ctx, ctx.params.id)
  if (!person) throw apiError('not_found', ['No person with this id.'])
  return person
})
