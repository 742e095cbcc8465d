import { defineAppRoute } from '../../../../utils/app-route'
import { personIdParam } from '../../../../../shared/schemas/person-record'
import { familyAccessSchema } from '../../../../../shared/schemas/family-access'
import { familyAccessOfPerson } from '../../../../domain/portal/family-access'

export default defineAppRoute({
  summary: 'An adult\'s family access to the portal', tag: 'Family portal', capability: 'families.manage', rateLimit: 120, module: 'people',
  params: personIdParam, response: familyAccessSchema
}, async ctx => ({ access: await familyAccessOfPerson(ctx, ctx.params.id) }))
