import { defineAppRoute } from '../../../utils/app-route'
import { timetableSessionsSchema } from '../../../../shared/schemas/timetable'
import { listAcademicSessions } from '../../../domain/timetable/read-timetable'

export default defineAppRoute({
  summary: 'The school\'s years and terms', tag: 'Classes', capability: 'roster.read', rateLimit: 120, module: 'rosters',
  response: timetableSessionsSchema
}, async ctx => ({ items: await listAcademicSessions(ctx) }))
