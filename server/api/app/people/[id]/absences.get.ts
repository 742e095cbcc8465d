import { defineAppRoute } from '../../../../utils/app-route'
import { personIdParam } from '../../../../../shared/schemas/person-record'
import { childAbsencesQuery, childAbsencesSchema } from '../../../../../shared/schemas/absences'
import { childAbsences } from '../../../../domain/absences/child-absences'

/** The child's record's Absences card: a page of absences with who reported and acknowledged each, and the register's recent ones. */
export default defineAppRoute({
  summary: 'A child\'s absences', tag: 'Absences', capability: 'absences.manage', rateLimit: 120, module: 'people',
  params: personIdParam, query: childAbsencesQuery, response: childAbsencesSchema, errors: ['not_found']
}, async (ctx) => {
  const { items, next, unexplained } = await childAbsences(ctx, ctx.params.id, ctx.page)
  return { ...ctx.pageAnswer({ items, next }), unexplained }
})
