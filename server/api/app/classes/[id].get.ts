import { defineAppRoute } from '../../../utils/app-route'
import { classIdParams, classSchema } from '../../../../shared/schemas/timetable'
import { readClass } from '../../../domain/timetable/read-timetable'

export default defineAppRoute({
  summary: 'One class with its course, terms and today\'s counts', tag: 'Classes', capability: 'roster.read', rateLimit: 300, module: 'rosters',
  params: classIdParams, response: classSchema, errors: ['not_found']
}, ctx => readClass(ctx, ctx.params.id))
