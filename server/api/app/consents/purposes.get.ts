import { defineAppRoute } from '../../../utils/app-route'
import { consentPurposeListSchema } from '../../../../shared/schemas/consents'
import { listConsentPurposes } from '../../../domain/consents/consent-purposes'

export default defineAppRoute({
  summary: 'The school\'s consent purposes', tag: 'Consents', capability: 'consents.manage', rateLimit: 120,
  response: consentPurposeListSchema
}, ctx => listConsentPurposes(ctx))
