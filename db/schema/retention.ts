import { table, text, integer, primaryKey, index } from '../dialect'
import { schools } from './schools'
import type { RetentionAction, RetentionRecordClass } from '../../shared/vocabulary'

/**
 * A school's own retention period for a class of record (docs/retention.md); a class without a row keeps the
 * schedule's default (server/domain/retention/schedule.ts). `changedBy` is the recorded actor; `reason` says why a
 * period is shorter than the default, as the IRMS toolkit asks a school to document.
 */
export const retentionPeriods = table('retention_periods', {
  schoolId: text('school_id').notNull().references(() => schools.id),
  recordClass: text('record_class').$type<RetentionRecordClass>().notNull(),
  months: integer('months').notNull(),
  changedBy: text('changed_by').notNull(),
  changedAt: text('changed_at').notNull(),
  reason: text('reason')
}, t => [primaryKey({ columns: [t.schoolId, t.recordClass] })])

/**
 * What the retention sweep and the office's erasures did, without personal data (issue 42, docs/retention.md): which
 * class, how many, under which rule, when, and who approved. `action`: `erased` (people erased, leaving tombstones),
 * `deleted` (records of a class removed), `held` and `released` (a legal hold), `reviewed` (a restricted record's review).
 * `rule` names the schedule's row and period (`schedule:former_students:300`) or the request (`request:<id>`). Exported
 * as the `retention_actions` table.
 */
export const retentionActions = table('retention_actions', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  action: text('action').$type<RetentionAction>().notNull(),
  recordClass: text('record_class').notNull(),
  count: integer('count').notNull(),
  rule: text('rule').notNull(),
  /** The recorded actor who approved (a staff member, or `system:retention` for the nightly sweep). */
  approvedBy: text('approved_by').notNull(),
  occurredAt: text('occurred_at').notNull()
}, t => [index('retention_actions_school_id_occurred_at_idx').on(t.schoolId, t.occurredAt)])
