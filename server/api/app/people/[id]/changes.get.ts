import { defineAppRoute } from '../../../../utils/app-route'
import { apiError } from '../../../../utils/errors'
import { personChangesQuery, personChangesSchema, personIdParam } from '../../../../../shared/schemas/person-record'
import { findPerson } from '../../../../domain/people/get-person'
import { listPersonChanges } from '../../../../domain/people/person-changes'

/** The changes made to a person's record, newest first, each with who made it and when. */
export default defineAppRoute({
  summary: 'Changes to a person\'s record', tag: 'People', capability: 'person.read', rateLimit: 120, module: 'people',
  params: personIdParam, query: personChangesQuery, response: personChangesSchema, errors: ['not_found']
}, async (ctx) => {
  if (!await findPerson(ctx, ctx.params.id)) throw apiError('not_found', ['No person with this id.'])
  return ctx.pageAnswer(await listPersonChanges(ctx, ctx.params.id, ctx.page))
})
