import { defineAppRoute } from '../../../utils/app-route'
import { tourScheduleQuery, tourSchedulePageSchema } from '../../../../shared/schemas/tours'
import { listTourSchedule } from '../../../domain/admissions/tour-schedule'

export default defineAppRoute({
  summary: 'The school\'s tours as the office works them', tag: 'Tours', capability: 'admissions.manage', rateLimit: 120, module: 'admissions',
  query: tourScheduleQuery, response: tourSchedulePageSchema
}, async ctx => ctx.pageAnswer(await listTourSchedule(ctx, ctx.page, ctx.query.when)))
