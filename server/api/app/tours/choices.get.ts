import { z } from 'zod'
import { defineAppRoute } from '../../../utils/app-route'
import { schoolCampuses } from '../../../domain/admissions/school-campus'

export default defineAppRoute({
  summary: 'What a tour can name: the school\'s audiences and campuses', tag: 'Tours', capability: 'admissions.manage', rateLimit: 120, module: 'admissions',
  response: z.object({ audiences: z.array(z.string()), campuses: z.array(z.string()) })
}, async ctx => ({
  audiences: [...ctx.school.lists.audiences ?? []], campuses: (await schoolCampuses(ctx.database.db, ctx.school)).map(campus => campus.name)
}))
