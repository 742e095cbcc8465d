import { defineAppRoute } from '../../../../utils/app-route'
import { refusedBeside } from '../../../../utils/refusal-beside'
import { affiliationOpenBody, personIdParam, writtenSchema } from '../../../../../shared/schemas/person-record'
import { openAffiliation } from '../../../../domain/affiliations/open-affiliation'

/** Opens a span for the person (a student, a member of staff, a volunteer…); an overlapping span of the same kind is refused beside its first day. */
export default defineAppRoute({
  summary: 'Open an affiliation', tag: 'People', capability: 'people.manage', rateLimit: 30, module: 'people', status: 201,
  params: personIdParam, body: affiliationOpenBody, response: writtenSchema, errors: ['not_found', 'held_elsewhere', 'unprocessable']
}, async (ctx) => {
  const { body } = ctx
  return {
    id: await refusedBeside('validFrom', () => openAffiliation(ctx, {
      personId: ctx.params.id, kind: body.kind, validFrom: body.validFrom, validTo: body.validTo || null,
      yearLevel: body.yearLevel || null, campusId: body.campusId || null, role: body.role || null
    }))
  }
})
