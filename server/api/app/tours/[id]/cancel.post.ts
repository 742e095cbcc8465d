import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { tourIdParams } from '../../../../../shared/schemas/tours'
import { cancelTour } from '../../../../domain/admissions/tour-records'

export default defineAppRoute({
  summary: 'Cancel a tour; its bookings stay on record', tag: 'Tours', capability: 'admissions.manage', rateLimit: 30, module: 'admissions',
  params: tourIdParams, response: z.object({ id: z.string() }), errors: ['not_found', 'unprocessable']
}, async (ctx) => {
  await cancelTour(ctx, ctx.params.id)
  return { id: ctx.params.id }
})
