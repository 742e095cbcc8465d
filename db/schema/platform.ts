import { table, text, integer, bigint, serialKey, primaryKey, index, uniqueIndex } from '../dialect'
import { schools } from './schools'

/** The outbox: every change, written in the transaction that made it, for webhooks to deliver later. */
export const changeEvents = table('change_events', {
  sequence: serialKey('sequence'),
  id: text('id').notNull(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  kind: text('kind').notNull(),
  tableName: text('table_name').notNull(),
  recordId: text('record_id').notNull(),
  /**
   * The change's place among its school's changes, 1, 2, 3 … with no gaps: numbered under the school's
   * lock in the change's own transaction (server/domain/shared/write-changes.ts). The events feed shows
   * this, never `sequence`, which counts every school's changes.
   */
  position: bigint('position').notNull().default(0),
  at: text('at').notNull(),
  /** Who made the change, in the recorded form (`staff:acc_…`); none on events written before it was kept. */
  actor: text('actor')
}, t => [
  index('change_events_school_id_sequence_idx').on(t.schoolId, t.sequence),
  // One position per change of a school; the feed reads a school's changes by it.
  uniqueIndex('change_events_school_id_position_idx').on(t.schoolId, t.position),
  // A record's own changes, newest first (a person's record on the staff screens), without reading the school's whole outbox.
  index('change_events_record_id_sequence_idx').on(t.recordId, t.sequence)
])

/** One row per token, endpoint and clock minute. */
export const rateLimitCounters = table('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: bigint('window_ends_at').notNull()
}, t => [index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt)])

/** `Idempotency-Key`s by the principal that sent them (a token's id; the column keeps its first name). */
export const idempotencyKeys = table('idempotency_keys', {
  tokenId: text('token_id').notNull(),
  key: text('key').notNull(),
  fingerprint: text('fingerprint').notNull(),
  state: text('state').$type<'running' | 'done'>().notNull(),
  /** Which request holds the key: every later statement names it, so a request that lost its claim changes nothing. */
  claimId: text('claim_id').notNull().default(''),
  /** While `running`: until when the holder is known to be alive; it renews this while it works. */
  leaseUntil: bigint('lease_until').notNull().default(0),
  status: integer('status'),
  body: text('body'),
  createdAt: bigint('created_at').notNull()
}, t => [
  primaryKey({ columns: [t.tokenId, t.key] }),
  index('idempotency_keys_created_at_idx').on(t.createdAt)
])

/**
 * A scheduled task's work of one school for one night (`retention:sweep`), claimed under a lease (db/claim-rows.ts):
 * every instance runs the schedule, and the row lets one of them do each school's night, once; a night whose worker
 * died is taken up by a later run once its lease ends. The export nights, older, keep a table of their own.
 */
export const taskNights = table('task_nights', {
  /** `<task> <school id> <night>`: one row per task, school and night, whoever inserts it first. */
  id: text('id').primaryKey(),
  task: text('task').notNull(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  /** The school's own day the night belongs to. */
  night: text('night').notNull(),
  state: text('state').$type<'pending' | 'done'>().notNull(),
  leaseOwner: text('lease_owner'),
  leaseUntil: bigint('lease_until'),
  createdAt: text('created_at').notNull(),
  doneAt: text('done_at')
}, t => [index('task_nights_task_state_created_at_idx').on(t.task, t.state, t.createdAt)])
