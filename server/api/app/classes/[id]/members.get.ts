import { defineAppRoute } from '../../../../utils/app-route'
import { classIdParams, classMemberPageSchema, classPeopleQuery } from '../../../../../shared/schemas/timetable'
import { listClassMembers } from '../../../../domain/timetable/read-timetable'

export default defineAppRoute({
  summary: 'The students in a class today, by name', tag: 'Classes', capability: 'roster.read', rateLimit: 120, module: 'rosters',
  params: classIdParams, query: classPeopleQuery, response: classMemberPageSchema, errors: ['not_found']
}, async ctx => ctx.pageAnswer(await listClassMembers(ctx, ctx.params.id, ctx.page)))
