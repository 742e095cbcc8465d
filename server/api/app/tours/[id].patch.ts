import { z } from 'zod'
import { defineAppRoute } from '../../../utils/app-route'
import { tourChangesSchema, tourIdParams } from '../../../../shared/schemas/tours'
import { editTour } from '../../../domain/admissions/tour-records'

export default defineAppRoute({
  summary: 'Change a tour', tag: 'Tours', capability: 'admissions.manage', rateLimit: 60, module: 'admissions',
  params: tourIdParams, body: tourChangesSchema, response: z.object({ id: z.string() }), errors: ['not_found', 'unprocessable']
}, async (ctx) => {
  await editTour(ctx, ctx.params.id, ctx.body)
  return { id: ctx.params.id }
})
