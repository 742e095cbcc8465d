import { definePortalRoute } from '../../../../utils/portal-route'
import { portalAbsencesQuery, portalAbsencesSchema } from '../../../../../shared/schemas/absences'
import { portalAbsences } from '../../../../domain/absences/portal-absences'

/** The children the adult may report absences for today, the school's reasons, what waits for an explanation, and a page of absences. */
export default definePortalRoute({
  summary: 'The family\'s absences', tag: 'Family portal', rateLimit: 120, module: 'people', section: 'absences',
  query: portalAbsencesQuery, response: portalAbsencesSchema, errors: ['section_off']
}, async (ctx) => {
  const { items, next, ...rest } = await portalAbsences(ctx, ctx.portal.adultId, ctx.page)
  return { ...rest, ...ctx.pageAnswer({ items, next }) }
})
