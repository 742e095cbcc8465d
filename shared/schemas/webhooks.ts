import { z } from 'zod'
import { isOneOf, webhookEventKinds } from '../vocabulary'
import { plainLine, recordId } from './common'

const eventKind = z.string().refine(kind => isOneOf(webhookEventKinds, kind), { error: issue => `Unknown event kind ${JSON.stringify(issue.input).slice(0, 80)}.` })

/** A new webhook subscription, as the settings screen and the admin CLI send it. */
export const webhookSubscriptionInputSchema = z.strictObject({
  url: plainLine(2048),
  kinds: z.array(eventKind).min(1, 'Name at least one event kind.').max(webhookEventKinds.length),
  tokenId: recordId('tok')
})

export type WebhookSubscriptionInput = z.infer<typeof webhookSubscriptionInputSchema>
