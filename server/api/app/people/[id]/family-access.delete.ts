import { defineAppRoute } from '../../../../utils/app-route'
import { personIdParam } from '../../../../../shared/schemas/person-record'
import { familyEndedSchema } from '../../../../../shared/schemas/family-access'
import { endFamilyAccess } from '../../../../domain/portal/family-access'

export default defineAppRoute({
  summary: 'End an adult\'s family access', tag: 'Family portal', capability: 'families.manage', rateLimit: 30, module: 'people',
  params: personIdParam, response: familyEndedSchema, errors: ['not_found']
}, ctx => endFamilyAccess(ctx, ctx.params.id))
