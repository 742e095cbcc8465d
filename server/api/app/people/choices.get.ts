import { defineAppRoute } from '../../../utils/app-route'
import { directoryChoicesSchema } from '../../../../shared/schemas/people-directory'
import { schoolCampuses } from '../../../domain/admissions/school-campus'

export default defineAppRoute({
  summary: 'The directory\'s filter choices: the school\'s year levels and campuses',
  tag: 'People', capability: 'person.read', rateLimit: 120, module: 'people', response: directoryChoicesSchema
}, async ctx => ({
  yearLevels: ctx.school.lists.yearLevels,
  campuses: (await schoolCampuses(ctx.database.db, ctx.school)).map(campus => ({ id: campus.id, name: campus.name }))
}))
