import type { z } from 'zod'
import type { webhookBodySchema } from '../../../shared/schemas/events'
import type { testWebhookKind } from './test-delivery'

/** A delivery's body: `webhookBodySchema`, whose kinds a test delivery's `webhook.test` joins. */
export type WebhookBody = Omit<z.input<typeof webhookBodySchema>, 'kind'> & { kind: z.input<typeof webhookBodySchema>['kind'] | typeof testWebhookKind }

/** The body of an outbox event's delivery, its members in the published order. */
export function webhookBodyOf(event: { kind: string, tableName: string, recordId: string, at: string }): WebhookBody {
  return { kind: event.kind as WebhookBody['kind'], table: event.tableName, id: event.recordId, at: event.at }
}
