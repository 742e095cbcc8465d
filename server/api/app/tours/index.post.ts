import { z } from 'zod'
import { defineAppRoute } from '../../../utils/app-route'
import { tourInputSchema } from '../../../../shared/schemas/tours'
import { createTour } from '../../../domain/admissions/tour-records'

export default defineAppRoute({
  summary: 'Create a tour', tag: 'Tours', capability: 'admissions.manage', rateLimit: 30, module: 'admissions',
  body: tourInputSchema, response: z.object({ id: z.string() }), status: 201
}, async ctx => ({ id: await createTour(ctx, ctx.body) }))
