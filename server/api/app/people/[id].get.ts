import { defineAppRoute } from '../../../utils/app-route'
import { apiError } from '../../../utils/errors'
import { personFileSchema, personIdParam } from '../../../../shared/schemas/person-record'
import { readPersonFile } from '../../../domain/people/person-file'

/** A person's record for /staff/people/<id>: each part as far as the caller's capabilities reach; nothing restricted. */
export default defineAppRoute({
  summary: 'A person\'s record', tag: 'People', capability: 'person.read', rateLimit: 120, module: 'people',
  params: personIdParam, response: personFileSchema, errors: ['not_found']
}, async (ctx) => {
  const record = await readPersonFile(ctx, ctx.params.id)
  if (!record) throw apiError('not_found', ['No person with this id.'])
  return record
})
