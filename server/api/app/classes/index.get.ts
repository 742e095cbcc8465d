import { defineAppRoute } from '../../../utils/app-route'
import { classListQuery, classPageSchema } from '../../../../shared/schemas/timetable'
import { listClasses } from '../../../domain/timetable/read-timetable'

export default defineAppRoute({
  summary: 'The school\'s classes by code, with their course, terms and today\'s counts', tag: 'Classes', capability: 'roster.read', rateLimit: 120,
  module: 'rosters',
  query: classListQuery, response: classPageSchema
}, async ctx => ctx.pageAnswer(await listClasses(ctx, ctx.page, { search: ctx.query.search })))
