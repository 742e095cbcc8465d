import { defineAppRoute } from '../../../../utils/app-route'
import { apiError } from '../../../../utils/errors'
import { personIdParam } from '../../../../../shared/schemas/person-record'
import { standingQuery, whoCanSeeSchema } from '../../../../../shared/schemas/standing'
import { findPerson } from '../../../../domain/people/get-person'
import { whoCanSeeChild } from '../../../../domain/access/who-can-see-child'
import { todayInZone } from '../../../../domain/days/clock'

/**
 * Who can see this child in the family portal on a day (default today), each adult's standing per purpose and
 * why: what the restricted record holds, so `restricted.read` with a recent passkey proof, and each read recorded.
 */
export default defineAppRoute({
  summary: 'Who can see a child in the family portal', tag: 'People', capability: 'restricted.read', stepUp: true, rateLimit: 60, module: 'people',
  params: personIdParam, query: standingQuery, response: whoCanSeeSchema, errors: ['not_found', 'step_up_required']
}, async (ctx) => {
  if (!await findPerson(ctx, ctx.params.id)) throw apiError('not_found', ['No person with this id.'])
  const day = ctx.query.day ?? todayInZone(ctx.school.timeZone)
  return { day, adults: await whoCanSeeChild(ctx, ctx.params.id, day) }
})
