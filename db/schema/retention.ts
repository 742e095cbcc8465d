import { table, text, integer, primaryKey, index } from '../dialect'
import { schools } from './schools'
import { people } from './people'
import type { RetentionAction, RetentionDueSubjectKind, RetentionRecordClass } from '../../shared/vocabulary'

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
 * `rule` names the schedule's row and period (`schedule:former_students:300`) or the request (`request:<id>`); a legal
 * hold's rows have the class `legal_hold` and the rule `hold:<id>`. Exported as the `retention_actions` table.
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

/**
 * What the nightly sweep found past its period (issue 42 point 2, docs/retention.md), ids only: the screen reads names
 * live, so an erased person's name is nowhere here. `subjectKind` is `person` (a person's class), `protection_flag` or
 * `court_order` (restricted records, for review only), or `cutoff` for the other classes, whose records are too many to
 * list one by one: `subjectId` is then the day before which the class's records were past their period that night, and
 * `records` how many there were. Nothing is erased before `erasableFrom`, fourteen days after the sweep first saw it.
 */
export const retentionDue = table('retention_due', {
  schoolId: text('school_id').notNull().references(() => schools.id),
  recordClass: text('record_class').$type<RetentionRecordClass>().notNull(),
  subjectKind: text('subject_kind').$type<RetentionDueSubjectKind>().notNull(),
  subjectId: text('subject_id').notNull(),
  /** The day the record's period ended. */
  passedOn: text('passed_on').notNull(),
  records: integer('records').notNull(),
  firstSeenAt: text('first_seen_at').notNull(),
  erasableFrom: text('erasable_from').notNull(),
  /** A restricted record's review: when and by whom (the recorded actor). */
  reviewedAt: text('reviewed_at'),
  reviewedBy: text('reviewed_by')
}, t => [
  primaryKey({ columns: [t.schoolId, t.recordClass, t.subjectKind, t.subjectId] }),
  index('retention_due_school_id_erasable_from_idx').on(t.schoolId, t.erasableFrom)
])

/**
 * A legal hold (issue 42 point 2): the person is kept whole, whatever their class's period, until `endsOn` or until
 * someone releases it. The reason is the office's one line; who placed and released it are recorded actors.
 */
export const legalHolds = table('legal_holds', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  personId: text('person_id').notNull().references(() => people.id),
  reason: text('reason').notNull(),
  endsOn: text('ends_on').notNull(),
  placedBy: text('placed_by').notNull(),
  placedAt: text('placed_at').notNull(),
  releasedAt: text('released_at'),
  releasedBy: text('released_by')
}, t => [index('legal_holds_school_id_person_id_idx').on(t.schoolId, t.personId)])
