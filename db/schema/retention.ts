import { table, text, integer, primaryKey } from '../dialect'
import { schools } from './schools'
import type { RetentionRecordClass } from '../../shared/vocabulary'

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
