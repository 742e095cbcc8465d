import { defineAppRoute } from '../../../../utils/app-route'
import { personIdParam } from '../../../../../shared/schemas/person-record'
import { childCareSchema, childContactsInput } from '../../../../../shared/schemas/data-checks'
import { recordChildContacts } from '../../../../domain/data-checks/record-child-care'

/** Writes the child's emergency contacts and collectors, each list whole, in order; announced as `contact.updated`. */
export default defineAppRoute({
  summary: 'Write a child\'s emergency contacts and collectors', tag: 'People', capability: 'people.manage', rateLimit: 60, module: 'people',
  params: personIdParam, body: childContactsInput, response: childCareSchema, errors: ['not_found']
}, ctx => recordChildContacts(ctx, ctx.params.id, ctx.body))
