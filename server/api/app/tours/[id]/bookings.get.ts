import { defineAppRoute } from '../../../../utils/app-route'
import { tourBookingsPageSchema, tourBookingsQuery, tourIdParams } from '../../../../../shared/schemas/tours'
import { listTourBookings } from '../../../../domain/admissions/tour-schedule'

export default defineAppRoute({
  summary: 'A tour\'s bookings with the families\' contact details', tag: 'Tours', capability: 'admissions.manage', rateLimit: 120, module: 'admissions',
  params: tourIdParams, query: tourBookingsQuery, response: tourBookingsPageSchema, errors: ['not_found']
}, async ctx => ctx.pageAnswer(await listTourBookings(ctx, ctx.params.id, ctx.page)))
