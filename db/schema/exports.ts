import { table, text, integer, bigint, primaryKey, index } from '../dialect'
import { schools } from './schools'
import type { ColumnClass } from '../../shared/vocabulary'

export { columnClasses, type ColumnClass } from '../../shared/vocabulary'

/**
 * A finished warehouse file. The row is written only once the file is complete in storage, so a
 * production that dies mid-file leaves nothing listed.
 */
export const exportFiles = table('export_files', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  /** The export table's key (`people`, `affiliations`, …). */
  tableKey: text('table_key').notNull(),
  fileName: text('file_name').notNull(),
  /** Where the storage keeps the bytes. */
  storageKey: text('storage_key').notNull(),
  /** The school's local day the file was produced for. */
  night: text('night').notNull(),
  rows: integer('rows').notNull(),
  /** JSON: the columns written, in order, as `[{ name, class }]`. */
  columns: text('columns').notNull(),
  /** `sha256:<hex>` of the file's bytes. */
  checksum: text('checksum').notNull(),
  bytes: bigint('bytes').notNull(),
  producedAt: text('produced_at').notNull()
}, t => [index('export_files_school_id_table_key_produced_at_idx').on(t.schoolId, t.tableKey, t.producedAt)])

/**
 * One row per school and night whose production is due: the queue the `exports:produce` task claims
 * from (db/claim-rows.ts), so two instances never produce one school's night twice.
 */
export const exportNights = table('export_nights', {
  /** `<school id> <night>`: one row per school and night, whoever inserts it first. */
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  night: text('night').notNull(),
  state: text('state').$type<'pending' | 'done'>().notNull(),
  leaseOwner: text('lease_owner'),
  leaseUntil: bigint('lease_until'),
  createdAt: text('created_at').notNull(),
  doneAt: text('done_at')
}, t => [index('export_nights_state_created_at_idx').on(t.state, t.createdAt)])

/** A school's own class for an export column, only ever above the column's default. */
export const exportColumnClasses = table('export_column_classes', {
  schoolId: text('school_id').notNull().references(() => schools.id),
  /** `table.column`, such as `people.email`. */
  column: text('column').notNull(),
  columnClass: text('column_class').$type<ColumnClass>().notNull(),
  setAt: text('set_at').notNull()
}, t => [primaryKey({ columns: [t.schoolId, t.column] })])

/** A school's export settings; a school without a row has the defaults. */
export const exportSettings = table('export_settings', {
  schoolId: text('school_id').primaryKey().references(() => schools.id),
  /** Files older than this many days are pruned, the newest of each table excepted. */
  retentionDays: integer('retention_days').notNull()
})
