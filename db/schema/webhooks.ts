import { table, text, integer, bigint, index, uniqueIndex } from '../dialect'
import type { WebhookDeliveryStatus } from '../../shared/vocabulary'
import { schools } from './schools'
import { apiTokens } from './tokens'

/**
 * A school's webhook subscription. It is also the unit of delivery work: a worker holds a
 * subscription's lease (`lease_owner`, `lease_until`) while it turns the school's outbox into
 * deliveries and sends them one at a time, which keeps one subscription's deliveries in change order
 * across any number of server instances (docs/webhooks.md).
 */
export const webhookSubscriptions = table('webhook_subscriptions', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  url: text('url').notNull(),
  /** Space-separated event kinds. */
  kinds: text('kinds').notNull(),
  tokenId: text('token_id').notNull().references(() => apiTokens.id),
  /** Hex SHA-256 of the signing secret: the HMAC key itself (interface part 6); the secret is never stored. */
  signingKey: text('signing_key').notNull(),
  createdAt: text('created_at').notNull(),
  deletedAt: text('deleted_at'),
  /** Set while an administrator has paused it: nothing is sent, and its deliveries wait, in order, until it is resumed. */
  pausedAt: text('paused_at'),
  /** The last outbox `sequence` of the school already turned into deliveries (or passed over). */
  lastSequence: bigint('last_sequence').notNull(),
  /** Milliseconds since the epoch: nothing is sent before then, because the first pending delivery waits for its retry. */
  heldUntil: bigint('held_until').notNull().default(0),
  leaseOwner: text('lease_owner'),
  leaseUntil: bigint('lease_until')
}, t => [index('webhook_subscriptions_school_id_idx').on(t.schoolId)])

/** One change to send to one subscription, with the outcome of its last attempt. */
export const webhookDeliveries = table('webhook_deliveries', {
  id: text('id').primaryKey(),
  subscriptionId: text('subscription_id').notNull().references(() => webhookSubscriptions.id),
  schoolId: text('school_id').notNull().references(() => schools.id),
  /** The change's outbox `sequence`: the order deliveries of a subscription leave in. */
  sequence: bigint('sequence').notNull(),
  kind: text('kind').notNull(),
  tableName: text('table_name').notNull(),
  recordId: text('record_id').notNull(),
  /** The exact bytes every attempt sends, so a retry signs and sends the same body. */
  body: text('body').notNull(),
  status: text('status').$type<WebhookDeliveryStatus>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  /** Milliseconds since the epoch. */
  nextAttemptAt: bigint('next_attempt_at').notNull(),
  lastAttemptAt: text('last_attempt_at'),
  /** The HTTP status of the last answer; null when there was none (refused, timed out, a network error). */
  lastStatus: integer('last_status'),
  /** The first 1 KB of the last answer's body, or the network error. */
  lastAnswer: text('last_answer'),
  lastDurationMs: integer('last_duration_ms'),
  deliveredAt: text('delivered_at'),
  createdAt: text('created_at').notNull()
}, t => [
  uniqueIndex('webhook_deliveries_subscription_id_sequence_idx').on(t.subscriptionId, t.sequence),
  index('webhook_deliveries_subscription_id_status_sequence_idx').on(t.subscriptionId, t.status, t.sequence),
  index('webhook_deliveries_status_created_at_idx').on(t.status, t.createdAt)
])
