import { defineAppRoute } from '../../../utils/app-route'
import { dayListQuery, dayListSchema } from '../../../../shared/schemas/absences'
import { absenceDayList } from '../../../domain/absences/day-list'

/** A school day's reported and unexplained absences, by year level, homeroom and name (`/staff/absences?day=`). */
export default defineAppRoute({
  summary: 'The absences of a school day', tag: 'Absences', capability: 'absences.manage', rateLimit: 120, module: 'people',
  query: dayListQuery, response: dayListSchema
}, async (ctx) => {
  const { items, next, ...rest } = await absenceDayList(ctx, { ...ctx.query, ...ctx.page })
  return { ...rest, ...ctx.pageAnswer({ items, next }) }
})
