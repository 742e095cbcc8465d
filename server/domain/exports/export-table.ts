import type { SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { ColumnClass, ModuleName } from '../../../db/schema'
import type { DomainContext } from '../shared/context'

/** One column of an export table: its name in the file's header, its default class, and the value it reads. */
export interface ExportColumn {
  name: string
  /** The default; a school may move it up (general → personal → restricted), never down. */
  class: ColumnClass
  /**
   * Read only when the column is written: a restricted column's value is never selected. Absent in a
   * computed table, whose rows carry the value under the column's name.
   */
  value?: SQLiteColumn | SQL
}

/**
 * What one warehouse file holds (docs/exports.md): the table's key, the module whose switch decides
 * whether it is produced, where its rows come from and its columns. Rows are read in keyset batches
 * by `id`, so a file of any size is never in memory.
 */
export type ExportTable = QueriedExportTable | ComputedExportTable

interface ExportTableBase {
  /** The table's plural name (`people`, `name_history`); the file's name begins with it. */
  key: string
  module: ModuleName
  columns: ExportColumn[]
}

/**
 * A table whose rows are worked out rather than stored (`fee_statements`): `rows` yields them for the
 * school a batch at a time, each an object keyed by column name, so a file of any size is never in memory.
 */
export interface ComputedExportTable extends ExportTableBase {
  rows: (ctx: DomainContext) => AsyncIterable<Record<string, unknown>>
}

export interface QueriedExportTable extends ExportTableBase {
  from: SQLiteTable
  /** Unique and ordered: the keyset the rows are read by. */
  id: SQLiteColumn
  schoolId: SQLiteColumn
  /** Rows left out beyond other schools' (deleted people, for one). */
  where?: SQL
}

/** Checks a description once, where it is declared: column names unique and plain, so `table.column` names one column. */
export function defineExportTable(table: ExportTable): ExportTable {
  const names = table.columns.map(column => column.name)
  if (new Set(names).size !== names.length) throw new Error(`Export table ${table.key} names a column twice`)
  for (const name of [table.key, ...names]) if (!/^[a-z][A-Za-z0-9_]*$/.test(name)) throw new Error(`Export name ${name} is not plain`)
  if (!('rows' in table) && table.columns.some(column => column.value === undefined)) throw new Error(`Export table ${table.key} reads a column from nowhere`)
  return table
}
