import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { refusedBeside } from '../../../../utils/refusal-beside'
import { recordId } from '../../../../../shared/schemas/common'
import { placementBody, writtenSchema } from '../../../../../shared/schemas/person-record'
import { moveStudent } from '../../../../domain/affiliations/place-student'

/** Moves a student to another year level or campus from a day; answers the span that holds the new placement. */
export default defineAppRoute({
  summary: 'Move a student\'s year level or campus', tag: 'People', capability: 'people.manage', rateLimit: 30, module: 'people',
  params: z.strictObject({ id: recordId('aff') }), body: placementBody, response: writtenSchema, errors: ['not_found', 'held_elsewhere', 'unprocessable']
}, async ctx => ({
  id: await refusedBeside('from', () => moveStudent(ctx, ctx.params.id, {
    from: ctx.body.from,
    ...(ctx.body.yearLevel ? { yearLevel: ctx.body.yearLevel } : {}),
    ...(ctx.body.campusId ? { campusId: ctx.body.campusId } : {})
  }))
}))
