/**
 * Reaching families the way they choose (docs/notifications.md): the school's notification settings,
 * each adult's choices per kind of notice and channel, the numbers that replied STOP, the browsers and
 * phones that turned on push, and the text, push and digest deliveries (an instant email is the
 * message's recipient row itself, db/schema/messages.ts).
 */
import { table, text, integer, bigint, index, uniqueIndex } from '../dialect'
import { schools } from './schools'
import { people } from './people'
import { accounts } from './accounts'
import { messages } from './messages'
import type { NoticeKind, NotificationChannel, NotificationDeliveryStatus, NotificationMode } from '../../shared/vocabulary'

export const schoolNotificationSettings = table('school_notification_settings', {
  schoolId: text('school_id').primaryKey().references(() => schools.id),
  /** `HH:MM` in the school's zone: when the day's digests go. */
  digestTime: text('digest_time').notNull(),
  /** JSON list of the kinds a family may turn off; the others are at most gathered into a digest. */
  optionalKinds: text('optional_kinds').notNull(),
  /** JSON of the text gateway (kind, address, user, sender, sends per second), its secret apart; null: no texts. */
  textGateway: text('text_gateway'),
  /** The gateway's password or token, sealed with the server's secret (server/utils/server-secrets.ts). */
  textGatewaySecret: text('text_gateway_secret'),
  /** What the gateway's incoming-text and delivery-report calls carry to name the school (a random key). */
  textHookKey: text('text_hook_key').notNull(),
  /** VAPID (RFC 8292), made on first use and kept: the public key browsers subscribe with, the private one sealed. */
  vapidPublicKey: text('vapid_public_key'),
  vapidPrivateKey: text('vapid_private_key'),
  /** The school's day (YYYY-MM-DD, its zone) whose digests were last gathered: each day's once, by whichever instance comes first. */
  lastDigestDay: text('last_digest_day'),
  updatedAt: text('updated_at').notNull()
})

/** An adult's choice for a kind of notice on a channel; none written is the default (docs/notifications.md, "Choices"). */
export const notificationChoices = table('notification_choices', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  adultId: text('adult_id').notNull().references(() => people.id),
  kind: text('kind').$type<NoticeKind>().notNull(),
  channel: text('channel').$type<NotificationChannel>().notNull(),
  mode: text('mode').$type<NotificationMode>().notNull(),
  updatedAt: text('updated_at').notNull()
}, t => [uniqueIndex('notification_choices_adult_id_kind_channel_idx').on(t.adultId, t.kind, t.channel)])

/** A number that replied STOP: no text goes to it from this school until it replies START. Only the family's reply changes it. */
export const textOptOuts = table('text_opt_outs', {
  schoolId: text('school_id').notNull().references(() => schools.id),
  /** E.164. */
  number: text('number').notNull(),
  stoppedAt: text('stopped_at').notNull()
}, t => [uniqueIndex('text_opt_outs_school_id_number_idx').on(t.schoolId, t.number)])

/** A browser or phone an adult turned push on for, signed in to their own account; removed when the push service says it is gone. */
export const pushSubscriptions = table('push_subscriptions', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  adultId: text('adult_id').notNull().references(() => people.id),
  accountId: text('account_id').notNull().references(() => accounts.id),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  /** The browser and system, from a fixed list, so a family can tell their devices apart. */
  label: text('label').notNull(),
  createdAt: text('created_at').notNull()
}, t => [
  uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
  index('push_subscriptions_adult_id_idx').on(t.adultId)
])

/**
 * One text or push of a notice to one adult, or one digest on any channel (no message: `digestCount`
 * notices gathered). Claimed by its channel's worker under a lease (db/claim-rows.ts); emergencies
 * first (`priority` 0). `providerId` is the gateway's id for the text, so a report or a repeat is known.
 */
export const notificationDeliveries = table('notification_deliveries', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  messageId: text('message_id').references(() => messages.id),
  adultId: text('adult_id').notNull().references(() => people.id),
  channel: text('channel').$type<NotificationChannel>().notNull(),
  /** The number (E.164), the push subscription's id, or (a digest's) the email address. */
  target: text('target').notNull(),
  /** The children (JSON list of ids) the adult was reached through: standing is asked again when it goes. */
  childIds: text('child_ids').notNull(),
  status: text('status').$type<NotificationDeliveryStatus>().notNull(),
  priority: integer('priority').notNull(),
  attempts: integer('attempts').notNull(),
  nextAttemptAt: bigint('next_attempt_at').notNull(),
  leaseOwner: text('lease_owner'),
  leaseUntil: bigint('lease_until'),
  providerId: text('provider_id'),
  /** The gateway's or push service's last refusal (a status and first line), never a number or a text. */
  lastError: text('last_error'),
  /** A held notice: the digest delivery that carried it; a digest: how many notices it gathered. */
  digestId: text('digest_id'),
  digestCount: integer('digest_count'),
  sentAt: text('sent_at'),
  deliveredAt: text('delivered_at'),
  /** What the gateway's delivery report said (`delivered`, `failed`), kept even when it came before the hand-over was recorded. */
  reported: text('reported').$type<'delivered' | 'failed'>(),
  createdAt: text('created_at').notNull()
}, t => [
  // A channel's claim order (channel-delivery.ts), whole: see message_recipients_claim_order_idx.
  index('notification_deliveries_claim_order_idx').on(t.channel, t.status, t.priority, t.nextAttemptAt, t.id),
  index('notification_deliveries_message_id_idx').on(t.messageId),
  index('notification_deliveries_adult_id_status_idx').on(t.adultId, t.status),
  index('notification_deliveries_digest_id_idx').on(t.digestId),
  index('notification_deliveries_provider_id_idx').on(t.providerId)
])
