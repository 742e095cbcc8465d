import { definePortalRoute } from '../../../utils/portal-route'
import { familyDataSchema } from '../../../../shared/schemas/portal'
import { familyReceipts, integrationsReadingFamily } from '../../../domain/portal/family-data'
import { portalAnswersOf } from '../../../domain/subject-access/portal-answers'

/**
 * Our data: the integrations that can read the family's records, by purpose and scopes, and which read them lately, and the
 * answers to the adult's subject access requests sent to their portal; always open.
 */
export default definePortalRoute({
  summary: 'The integrations that can read the family\'s records', tag: 'Family portal', rateLimit: 60, module: 'people',
  response: familyDataSchema
}, async ctx => ({
  ...await integrationsReadingFamily(ctx),
  readBy: await familyReceipts(ctx, ctx.portal.adultId, ctx.day),
  answers: await portalAnswersOf(ctx, ctx.portal.adultId)
}))
