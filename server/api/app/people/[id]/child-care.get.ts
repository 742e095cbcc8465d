import { defineAppRoute } from '../../../../utils/app-route'
import { personIdParam } from '../../../../../shared/schemas/person-record'
import { childCareSchema } from '../../../../../shared/schemas/data-checks'
import { childCareOnRecord } from '../../../../domain/data-checks/record-child-care'

/** The child's record: their emergency contacts, who may collect them and their medical needs. */
export default defineAppRoute({
  summary: 'A child\'s emergency contacts, collectors and medical needs', tag: 'People', capability: 'person.read', rateLimit: 120, module: 'people',
  params: personIdParam, response: childCareSchema, errors: ['not_found']
}, ctx => childCareOnRecord(ctx, ctx.params.id))
