import { table, text, integer, index, uniqueIndex } from '../dialect'
import { schools, campuses } from './schools'
import type { ConcessionKind, FeePeriodKind, FeeVersionState } from '../../shared/vocabulary'

export { feePeriodKinds, feeVersionStates, type FeePeriodKind, type FeeVersionState } from '../../shared/vocabulary'

/** A fee schedule: what the school charges over a span it names (a year, usually), in versions. */
export const feeSchedules = table('fee_schedules', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  name: text('name').notNull(),
  startsOn: text('starts_on').notNull(),
  endsOn: text('ends_on').notNull(),
  createdAt: text('created_at').notNull(),
  createdBy: text('created_by').notNull()
}, t => [index('fee_schedules_school_id_starts_on_idx').on(t.schoolId, t.startsOn)])

/**
 * One version of a schedule: a draft, edited freely, until published, then fixed. A correction is a
 * later version that names the one it replaces and the day it applies from.
 */
export const feeScheduleVersions = table('fee_schedule_versions', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  scheduleId: text('schedule_id').notNull().references(() => feeSchedules.id),
  number: integer('number').notNull(),
  state: text('state').$type<FeeVersionState>().notNull(),
  /** The published version this one corrects; null for the first. */
  replacesVersionId: text('replaces_version_id'),
  /** The first day a correction applies: it charges the periods that start on or after it. Null for the first version. */
  appliesFrom: text('applies_from'),
  createdAt: text('created_at').notNull(),
  createdBy: text('created_by').notNull(),
  publishedAt: text('published_at'),
  publishedBy: text('published_by')
}, t => [uniqueIndex('fee_schedule_versions_schedule_id_number_idx').on(t.scheduleId, t.number)])

/** A billing period of a version: a term, semester, month, the year, or a one-off charge. */
export const feePeriods = table('fee_periods', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  versionId: text('version_id').notNull().references(() => feeScheduleVersions.id),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  kind: text('kind').$type<FeePeriodKind>().notNull(),
  startsOn: text('starts_on').notNull(),
  endsOn: text('ends_on').notNull()
}, t => [index('fee_periods_version_id_idx').on(t.versionId)])

/** A line of a version: a charge in one category, in minor units of the school's currency, and whom it applies to. */
export const feeLines = table('fee_lines', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  versionId: text('version_id').notNull().references(() => feeScheduleVersions.id),
  position: integer('position').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  /** Minor units (cents), a whole number: never a float. */
  amount: integer('amount').notNull(),
  /** The one period it is charged in; null: every period of the version. */
  periodId: text('period_id').references(() => feePeriods.id),
  /** JSON array of year levels; empty: every year level. */
  yearLevels: text('year_levels').notNull(),
  /** Null: every campus. */
  campusId: text('campus_id').references(() => campuses.id)
}, t => [index('fee_lines_version_id_idx').on(t.versionId)])

/** How a concession kind reduces a version's lines: basis points of each line, or a fixed amount off each line. */
export const feeConcessionRules = table('fee_concession_rules', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  versionId: text('version_id').notNull().references(() => feeScheduleVersions.id),
  kind: text('kind').$type<ConcessionKind>().notNull(),
  /** Null: every category. */
  category: text('category'),
  percentBasisPoints: integer('percent_basis_points'),
  amount: integer('amount')
}, t => [index('fee_concession_rules_version_id_idx').on(t.versionId)])
