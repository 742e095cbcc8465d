import { defineAppRoute } from '../../../../utils/app-route'
import { personIdParam } from '../../../../../shared/schemas/person-record'
import { childCareSchema, childMedicalNeedsInput } from '../../../../../shared/schemas/data-checks'
import { recordChildMedicalNeeds } from '../../../../domain/data-checks/record-child-care'

/** Writes the child's medical needs, whole, in order. */
export default defineAppRoute({
  summary: 'Write a child\'s medical needs', tag: 'People', capability: 'people.manage', rateLimit: 60, module: 'people',
  params: personIdParam, body: childMedicalNeedsInput, response: childCareSchema, errors: ['not_found']
}, ctx => recordChildMedicalNeeds(ctx, ctx.params.id, ctx.body.medicalNeeds))
