import { defineAppRoute } from '../../../../utils/app-route'
import { classIdParams, classPeopleQuery, classTeacherPageSchema } from '../../../../../shared/schemas/timetable'
import { listClassTeachers } from '../../../../domain/timetable/read-timetable'

export default defineAppRoute({
  summary: 'The staff teaching or assisting in a class today, by name', tag: 'Classes', capability: 'roster.read', rateLimit: 120, module: 'rosters',
  params: classIdParams, query: classPeopleQuery, response: classTeacherPageSchema, errors: ['not_found']
}, async ctx => ctx.pageAnswer(await listClassTeachers(ctx, ctx.params.id, ctx.page)))
