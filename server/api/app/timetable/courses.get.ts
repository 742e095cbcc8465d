import { defineAppRoute } from '../../../utils/app-route'
import { courseListQuery, coursePageSchema } from '../../../../shared/schemas/timetable'
import { listCourses } from '../../../domain/timetable/read-timetable'

export default defineAppRoute({
  summary: 'The school\'s courses by code', tag: 'Classes', capability: 'roster.read', rateLimit: 120, module: 'rosters',
  query: courseListQuery, response: coursePageSchema
}, async ctx => ctx.pageAnswer(await listCourses(ctx, ctx.page, { search: ctx.query.search })))
