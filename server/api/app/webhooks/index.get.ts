import { defineAppRoute } from '../../../utils/app-route'
import { webhookSettingsSchema } from '../../../../shared/schemas/webhooks'
import { listWebhookSubscriptions } from '../../../domain/webhooks/subscriptions'
import { webhookEventCauses } from '../../../domain/webhooks/event-catalogue'
import { listTokens } from '../../../domain/tokens/manage-tokens'
import { todayInZone } from '../../../domain/days/clock'

/** The school's subscriptions, the kinds a new one can choose with what causes each, and the tokens a receiver can read with now. */
export default defineAppRoute({
  summary: 'The school\'s webhook subscriptions', tag: 'Webhooks', capability: 'settings.manage', rateLimit: 60, response: webhookSettingsSchema
}, async (ctx) => {
  // A token expiring later today is offered; creating with it after it expired is refused beside the field.
  const today = todayInZone(ctx.school.timeZone)
  const tokens = (await listTokens(ctx)).filter(token => !token.revokedAt && token.expiresOn >= today)
  return {
    items: await listWebhookSubscriptions(ctx),
    kinds: Object.entries(webhookEventCauses).map(([name, causedBy]) => ({ name, causedBy })),
    tokens: tokens.map(({ id, purpose, scopes, expiresOn }) => ({ id, purpose, scopes, expiresOn }))
  }
})
