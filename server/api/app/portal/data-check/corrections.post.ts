import { definePortalRoute } from '../../../../utils/portal-route'
import { portalDataCheckAnswerSchema, portalDataCheckCorrectInput } from '../../../../../shared/schemas/data-checks'
import { correctDataCheck } from '../../../../domain/data-checks/portal-data-check'

/** The adult's corrections: their own details and each child's lists, as detail requests for the office, with their answer. */
export default definePortalRoute({
  summary: 'Correct the family\'s details', tag: 'Family portal', rateLimit: 20, module: 'people', section: 'details', status: 201,
  body: portalDataCheckCorrectInput, response: portalDataCheckAnswerSchema,
  errors: ['section_off', 'preview_read_only', 'not_found', 'conflict', 'held_elsewhere', 'standing_withheld']
}, ctx => correctDataCheck(ctx, ctx.portal, ctx.body, ctx.day))
