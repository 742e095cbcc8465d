import { definePortalRoute } from '../../../utils/portal-route'
import { familyDataSchema } from '../../../../shared/schemas/portal'
import { integrationsReadingFamily } from '../../../domain/portal/family-data'

/** Our data: the integrations that can read the family's records, by purpose and scopes; always open. */
export default definePortalRoute({
  summary: 'The integrations that can read the family\'s records', tag: 'Family portal', rateLimit: 60,
  response: familyDataSchema
}, ctx => integrationsReadingFamily(ctx))
