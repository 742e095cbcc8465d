import { defineAppRoute } from '../../../utils/app-route'
import { consentPurposeInput, consentPurposeSchema } from '../../../../shared/schemas/consents'
import { createConsentPurpose } from '../../../domain/consents/consent-purposes'

export default defineAppRoute({
  summary: 'Add a consent purpose', tag: 'Consents', capability: 'consents.manage', rateLimit: 60, status: 201,
  body: consentPurposeInput, response: consentPurposeSchema, errors: ['conflict']
}, ctx => createConsentPurpose(ctx, ctx.body))
