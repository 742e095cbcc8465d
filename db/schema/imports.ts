/**
 * Staff (HRIS) imports and people syncs from a student information system (docs/imports.md).
 */
import { table, text, integer, bigint, serialKey, index, uniqueIndex, primaryKey } from '../dialect'
import { schools } from './schools'
import { people } from './people'
import type { HrisDateFormat, SyncRunStatus, SyncScope } from '../../shared/vocabulary'

/** How a school's HRIS export reads: which of its columns holds each field, and how it writes days. */
export const hrisMappings = table('hris_mappings', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  name: text('name').notNull(),
  /** JSON: `{ employeeId, familyName, givenNames, startDate, … }`, each naming a column of the export. */
  columns: text('columns').notNull(),
  dateFormat: text('date_format').$type<HrisDateFormat>().notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull()
}, t => [uniqueIndex('hris_mappings_school_id_name_idx').on(t.schoolId, t.name)])

/**
 * A person's id in another system: the HRIS's employee id (system `#hris`) or a student information
 * system's own id (the system's name as the sync gives it). People are matched on it.
 */
export const personSourceIds = table('person_source_ids', {
  schoolId: text('school_id').notNull().references(() => schools.id),
  system: text('system').notNull(),
  sourceId: text('source_id').notNull(),
  personId: text('person_id').notNull().references(() => people.id),
  createdAt: text('created_at').notNull()
}, t => [
  primaryKey({ columns: [t.schoolId, t.system, t.sourceId] }),
  uniqueIndex('person_source_ids_person_id_system_idx').on(t.personId, t.system)
])

/** A staff member's safety check (working with children, police check …) as the HRIS records it. */
export const staffChecks = table('staff_checks', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  personId: text('person_id').notNull().references(() => people.id),
  type: text('type').notNull(),
  number: text('number').notNull(),
  expiresOn: text('expires_on'),
  recordedAt: text('recorded_at').notNull()
}, t => [uniqueIndex('staff_checks_person_id_type_number_idx').on(t.personId, t.type, t.number)])

/** One staff import: what it did, kept for the school's history. */
export const staffImports = table('staff_imports', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  mappingId: text('mapping_id').notNull().references(() => hrisMappings.id),
  /** JSON: the answer's `counts`. */
  counts: text('counts').notNull(),
  /** JSON: the answer's `problems`. */
  problems: text('problems').notNull(),
  createdAt: text('created_at').notNull()
}, t => [index('staff_imports_school_id_created_at_idx').on(t.schoolId, t.createdAt)])

/** A people sync: staged from the file at once, applied by a worker (the database is the queue). */
export const syncRuns = table('sync_runs', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  system: text('system').notNull(),
  scope: text('scope').$type<SyncScope>().notNull(),
  status: text('status').$type<SyncRunStatus>().notNull(),
  reason: text('reason'),
  /** Somebody at the school confirmed a paused run: it applies whatever the thresholds say. */
  confirmed: integer('confirmed').notNull().default(0),
  /** The day the file was sent, in the school's zone: new spans open and absent ones close on it. */
  runDay: text('run_day').notNull(),
  /** The file as sent; the worker reads it again when it applies the run. */
  file: text('file').notNull(),
  /** JSON: the unreadable lines of a failed run. */
  unreadable: text('unreadable').notNull(),
  /** JSON: readable lines with a value the school does not have (left out). */
  problems: text('problems').notNull(),
  rows: integer('rows').notNull(),
  done: integer('done').notNull().default(0),
  created: integer('created').notNull().default(0),
  amended: integer('amended').notNull().default(0),
  absent: integer('absent').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  createdAt: text('created_at').notNull(),
  appliedAt: text('applied_at'),
  revertedAt: text('reverted_at'),
  leaseOwner: text('lease_owner'),
  leaseUntil: bigint('lease_until')
}, t => [
  index('sync_runs_school_id_created_at_idx').on(t.schoolId, t.createdAt),
  index('sync_runs_status_created_at_idx').on(t.status, t.createdAt)
])

/** What an applied run changed, record by record and field by field (`before` and `after` as JSON), for undo. */
export const syncRunChanges = table('sync_run_changes', {
  sequence: serialKey('sequence'),
  runId: text('run_id').notNull().references(() => syncRuns.id),
  tableName: text('table_name').$type<'people' | 'affiliations'>().notNull(),
  recordId: text('record_id').notNull(),
  /** `insert`: the run made the record (`before` is null); `update`: it changed the fields in `after`. */
  operation: text('operation').$type<'insert' | 'update'>().notNull(),
  before: text('before'),
  after: text('after').notNull()
}, t => [
  index('sync_run_changes_run_id_sequence_idx').on(t.runId, t.sequence),
  // A person's rows carry their names before and after: an erasure removes them (server/domain/retention/erasure-steps.ts).
  index('sync_run_changes_record_id_idx').on(t.recordId)
])
