import { defineAppRoute } from '../../../utils/app-route'
import { officeTourSchema, tourIdParams } from '../../../../shared/schemas/tours'
import { readTour } from '../../../domain/admissions/tour-schedule'

export default defineAppRoute({
  summary: 'One tour with its places taken and left', tag: 'Tours', capability: 'admissions.manage', rateLimit: 300, module: 'admissions',
  params: tourIdParams, response: officeTourSchema, errors: ['not_found']
}, ctx => readTour(ctx, ctx.params.id))
