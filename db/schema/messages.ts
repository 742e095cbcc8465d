/**
 * Messages to families (docs/messages.md): a message as written, one recipient row per adult it
 * reaches (the delivery queue, the read receipt and the bounce in one row), and the school's
 * clubs, which audiences name as `activity:<name>`.
 */
import { table, text, integer, bigint, index, uniqueIndex } from '../dialect'
import { schools } from './schools'
import { people } from './people'
import type { MessageDeliveryStatus, NoticeKind } from '../../shared/vocabulary'

export { messageDeliveryStatuses, type MessageDeliveryStatus } from '../../shared/vocabulary'

export const messages = table('messages', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** The audience groups as written, a JSON array. */
  audience: text('audience').notNull(),
  /** The ask a reminder is about. */
  askId: text('ask_id'),
  /** The kind of notice it is, for each family's choices (docs/notifications.md). */
  kind: text('kind').$type<NoticeKind>().notNull().default('school'),
  /** 1: an emergency, sent on every channel each adult has whatever they chose, ahead of every other queue. */
  emergency: integer('emergency').notNull().default(0),
  /** Who wrote it (`staff acc_…`), as the outbox records actors. */
  sentBy: text('sent_by').notNull(),
  adultCount: integer('adult_count').notNull(),
  childCount: integer('child_count').notNull(),
  leftOutCount: integer('left_out_count').notNull(),
  createdAt: text('created_at').notNull()
}, t => [index('messages_school_id_created_at_idx').on(t.schoolId, t.createdAt)])

/**
 * The message in one of the school's other languages, written by a person (never machine-translated):
 * what an adult preferring that language is mailed and shown; the message row is the school's original.
 */
export const messageVersions = table('message_versions', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  messageId: text('message_id').notNull().references(() => messages.id),
  /** A shipped tag the school offered when the message was written, never the school's own language. */
  language: text('language').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: text('created_at').notNull()
}, t => [uniqueIndex('message_versions_message_id_language_idx').on(t.messageId, t.language)])

/**
 * One adult a message reaches: the email to send (claimed by the delivery worker under a lease,
 * db/claim-rows.ts), its outcome, and when the adult read it in the portal.
 */
export const messageRecipients = table('message_recipients', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  messageId: text('message_id').notNull().references(() => messages.id),
  adultId: text('adult_id').notNull().references(() => people.id),
  /** The adult's address when the message was written; null: kept in the portal only. */
  email: text('email'),
  /** The children (JSON list of ids) through whom the adult was reached: the worker asks standing on them again when it sends. */
  childIds: text('child_ids').notNull().default('[]'),
  status: text('status').$type<MessageDeliveryStatus>().notNull(),
  attempts: integer('attempts').notNull(),
  nextAttemptAt: bigint('next_attempt_at').notNull(),
  leaseOwner: text('lease_owner'),
  leaseUntil: bigint('lease_until'),
  /** The mail server's last refusal (its code and first line), never the message. */
  lastError: text('last_error'),
  /** When the mail server accepted the mail; for a `withheld` one, when the worker withheld it (docs/messages.md, "What the office is shown"). */
  sentAt: text('sent_at'),
  readAt: text('read_at'),
  /** 0 for an emergency: claimed before every other mail. */
  priority: integer('priority').notNull().default(1),
  /** A `held` mail: the digest (a notification delivery) that carries it, whose outcome it takes. */
  digestId: text('digest_id'),
  createdAt: text('created_at').notNull()
}, t => [
  uniqueIndex('message_recipients_message_id_adult_id_idx').on(t.messageId, t.adultId),
  // The delivery worker's claim order (message-delivery.ts), whole, so a claim reads ten rows off the index rather than
  // sorting every pending mail: an emergency's ten thousand were sorted once per batch of ten (docs/performance.md, "Notifications").
  index('message_recipients_claim_order_idx').on(t.status, t.priority, t.nextAttemptAt, t.id),
  index('message_recipients_school_id_adult_id_idx').on(t.schoolId, t.adultId),
  // A digest reads and settles the mails it carried by this (notifications/digests.ts).
  index('message_recipients_digest_id_idx').on(t.digestId)
])

/**
 * A child in one of the school's clubs (rowing, choir): what `activity:<name>` names. The table and
 * its column keep their stored names (the webhook events are `activity_member.*`).
 */
export const clubMembers = table('activity_members', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  club: text('activity').notNull(),
  personId: text('person_id').notNull().references(() => people.id),
  createdAt: text('created_at').notNull()
}, t => [
  uniqueIndex('activity_members_school_id_activity_person_id_idx').on(t.schoolId, t.club, t.personId),
  index('activity_members_person_id_idx').on(t.personId)
])
