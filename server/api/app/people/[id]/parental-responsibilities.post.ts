import { defineAppRoute } from '../../../../utils/app-route'
import { refusedBeside } from '../../../../utils/refusal-beside'
import { parentalResponsibilityBody, personIdParam, writtenSchema } from '../../../../../shared/schemas/person-record'
import { openParentalResponsibility } from '../../../../domain/people/parental-responsibility'

/** Gives parental responsibility either way: another adult for this child (`carer`), or this adult for another child (`child`). */
export default defineAppRoute({
  summary: 'Add parental responsibility', tag: 'People', capability: 'people.manage', rateLimit: 30, module: 'people', status: 201,
  params: personIdParam, body: parentalResponsibilityBody, response: writtenSchema, errors: ['not_found', 'unprocessable']
}, async (ctx) => {
  const { direction, otherId, relationship, validFrom } = ctx.body
  const pair = direction === 'carer' ? { adultId: otherId, childId: ctx.params.id } : { adultId: ctx.params.id, childId: otherId }
  return { id: await refusedBeside('otherId', () => openParentalResponsibility(ctx, { ...pair, relationship: relationship || null, validFrom })) }
})
