import { getRequestHeader } from 'h3'
import { definePortalRoute } from '../../../../utils/portal-route'
import { clientAddress } from '../../../../utils/client-address'
import { consentAnswerSchema, portalAnswerInput } from '../../../../../shared/schemas/consents'
import { recordConsentAnswer } from '../../../../domain/consents/record-answer'
import { browserFamily } from '../../../../domain/accounts/passkey-notices'

/**
 * An adult's yes or no for a child, for today in the school's zone (no day is taken from a family):
 * `no_consent_standing`, one body for every reason, when they lack `consents` standing on the child
 * today or name no ask of the school; `ask_closed` when the ask takes no more answers. Nothing is
 * recorded on either. A signed answer keeps the account, the client's address and the browser family.
 */
export default definePortalRoute({
  summary: 'Answer a consent ask for a child', tag: 'Family portal', rateLimit: 60, module: null, section: 'consents', status: 201,
  body: portalAnswerInput, response: consentAnswerSchema,
  errors: ['section_off', 'preview_read_only', 'no_consent_standing', 'ask_closed', 'not_found', 'conflict']
}, ctx => recordConsentAnswer(ctx, {
  ...ctx.body, adultId: ctx.portal.adultId,
  signer: { accountId: ctx.portal.accountId, address: clientAddress(ctx.event), browser: browserFamily(getRequestHeader(ctx.event, 'user-agent')) }
}))
