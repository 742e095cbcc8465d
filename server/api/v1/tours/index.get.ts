import { defineApiRoute } from '../../../utils/api-route'
import { toursAnswerSchema, toursQuery } from '../../../../shared/schemas/tours'
import { listTours } from '../../../domain/admissions/list-tours'

export default defineApiRoute({
  summary: 'List upcoming tours',
  description: 'The school\'s future tours that are not cancelled and still have a place, soonest first, with the places left. It reads no family or booking.',
  tag: 'Admissions',
  scope: 'tour.read',
  rateLimit: 60,
  module: 'admissions',
  query: toursQuery,
  response: toursAnswerSchema
}, async ctx => ({ tours: await listTours(ctx, ctx.query) }))
