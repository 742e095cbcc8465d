import { z } from 'zod'
import { isOneOf, webhookEventKinds } from '../vocabulary'
import { plainLine, recordId } from './common'

const eventKind = z.string()
  .refine(kind => isOneOf(webhookEventKinds, kind), { error: issue => `Unknown event kind ${JSON.stringify(issue.input).slice(0, 80)}.` })

/** A new webhook subscription, as the settings screen and the admin CLI send it. */
export const webhookSubscriptionInputSchema = z.strictObject({
  url: plainLine(2048),
  kinds: z.array(eventKind).min(1, 'Name at least one event kind.').max(webhookEventKinds.length),
  tokenId: recordId('tok')
})

export type WebhookSubscriptionInput = z.infer<typeof webhookSubscriptionInputSchema>

/** Pause or resume a subscription, or give it another of the school's tokens (the settings screen). */
export const webhookSubscriptionChangeSchema = z.strictObject({
  paused: z.boolean().optional(),
  tokenId: recordId('tok').optional()
}).refine(change => change.paused !== undefined || change.tokenId !== undefined, 'Say what to change: paused or tokenId.')

export const webhookSubscriptionSchema = z.object({
  id: z.string(),
  url: z.string(),
  kinds: z.array(z.string()),
  tokenId: z.string(),
  tokenState: z.enum(['valid', 'revoked', 'expired']),
  createdAt: z.string(),
  pausedAt: z.string().nullable(),
  pending: z.number().int(),
  givenUp: z.number().int()
})

export const webhookSettingsSchema = z.object({
  items: z.array(webhookSubscriptionSchema),
  /** Every kind a subscription can choose, with what causes it. */
  kinds: z.array(z.object({ name: z.string(), causedBy: z.string() })),
  /** The school's tokens a receiver can read with now. */
  tokens: z.array(z.object({ id: z.string(), purpose: z.string(), scopes: z.array(z.string()), expiresOn: z.string() }))
})

export const createdWebhookSchema =
  z.object({ id: z.string(), secret: z.string(), url: z.string(), kinds: z.array(z.string()), tokenId: z.string(), createdAt: z.string() })

export const webhookDeliverySchema = z.object({
  id: z.string(),
  kind: z.string(),
  table: z.string(),
  recordId: z.string(),
  status: z.enum(['pending', 'delivered', 'given_up', 'cancelled']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastAnswer: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string()
})
