import { defineApiRoute } from '../../../utils/api-route'
import { absencesPageSchema, absencesQuery } from '../../../../shared/schemas/absences'
import { listAbsences } from '../../../domain/absences/list-absences'

export default defineApiRoute({
  summary: 'List absences',
  description: 'Absences families reported or explained, and the office recorded for them, with any day between `from` and `to` (default: today in the school\'s time zone), earliest first. A part of a day has `from` and `to` as date-times with the school\'s offset. No note and no document: those stay on the school\'s screens. A withdrawn absence is not listed; `absence.withdrawn` tells a reader that saw it.',
  tag: 'Absences',
  scope: 'absence.read',
  rateLimit: 300,
  module: 'people',
  query: absencesQuery,
  response: absencesPageSchema,
  keep: 'school-data',
  dependsOnToday: true,
  fieldScopes: []
}, async (ctx) => {
  const page = await listAbsences(ctx, ctx.page, { from: ctx.query.from, to: ctx.query.to })
  return ctx.pageAnswer(page)
})
