import { defineApiRoute } from '../../../../utils/api-route'
import { apiError } from '../../../../utils/errors'
import { personIdParams } from '../../../../../shared/schemas/people'
import { apiChildContactsSchema } from '../../../../../shared/schemas/data-checks'
import { apiChildContacts } from '../../../../domain/data-checks/record-child-care'

export default defineApiRoute({
  summary: 'Get a child\'s emergency contacts and collectors',
  description: 'The child\'s emergency contacts and the people who may collect them, each in the order the school calls them, with their phone numbers; an adult on file is named by `personId` as well. Medical needs never leave through `/api/v1`. `person.read` does not reach this: it needs `contact.read`. A person of another school is `not_found`; a person with no contacts on file has two empty lists.',
  tag: 'People',
  scope: 'contact.read',
  rateLimit: 300,
  module: 'people',
  params: personIdParams,
  response: apiChildContactsSchema,
  errors: ['not_found']
}, async (ctx) => {
  const contacts = await apiChildContacts(ctx, ctx.params.id)
  if (!contacts) throw apiError('not_found', ['No person with this id.'])
  return contacts
})
