import { and, eq } from 'drizzle-orm'
import { columnClasses, exportColumnClasses, type ColumnClass } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { timestampNow } from '../days/clock'
import { isOneOf } from '../../../shared/vocabulary'
import { fieldsInExportFiles } from '../access/fields'
import type { ExportColumn, ExportTable } from './export-table'
import { exportTables } from './tables'
import { keysetSlice } from '../shared/keyset-slice'
import { recordActivity } from '../activity/record-activity'

const rank = (value: ColumnClass) => columnClasses.indexOf(value)

/** A column as the school has it: its default class, raised where the school raised it. */
export interface ClassifiedColumn extends ExportColumn {
  default: ColumnClass
}

/** `table.column` → the class the school set; read once per production or listing. */
export async function schoolColumnClasses({ database, school }: Pick<DomainContext, 'database' | 'school'>): Promise<Map<string, ColumnClass>> {
  const rows = await database.db.select().from(exportColumnClasses).where(eq(exportColumnClasses.schoolId, school.id))
  return new Map(rows.map(row => [row.column, row.columnClass]))
}

/** Every column of `table` with its class at this school; a setting below the default (left by hand) counts for nothing. */
export function classifiedColumns(table: ExportTable, classes: Map<string, ColumnClass>): ClassifiedColumn[] {
  return table.columns.map((column) => {
    const set = classes.get(`${table.key}.${column.name}`)
    return { ...column, default: column.class, class: set && rank(set) > rank(column.class) ? set : column.class }
  })
}

/** The columns a file of `table` holds: those whose class at the school export files carry (never a restricted one, server/domain/access/fields.ts). */
export function writtenColumns(table: ExportTable, classes: Map<string, ColumnClass>): ClassifiedColumn[] {
  return classifiedColumns(table, classes).filter(column => fieldsInExportFiles.has(column.class))
}

/**
 * Moves `table.column` to `to` for the school: up from its default, or back down to it, never below
 * it. Restricted columns leave the next file and, at once, every file listed before (list-exports.ts).
 * Returns the table's columns as they now stand.
 */
export async function classifyExportColumn(ctx: DomainContext, qualified: string, to: string) {
  const [tableKey, columnName] = qualified.split('.')
  const table = exportTables.find(candidate => candidate.key === tableKey)
  const column = table?.columns.find(candidate => candidate.name === columnName)
  if (!table || !column || qualified.split('.').length !== 2) {
    throw domainError('not_found', [`No export column is named ${qualified}; name one as table.column, such as people.email.`])
  }
  if (!isOneOf(columnClasses, to)) throw domainError('unprocessable', [`A column's class is one of ${columnClasses.join(', ')}.`])
  if (rank(to) < rank(column.class)) {
    throw domainError('unprocessable', [`${qualified} is ${column.class} by default and cannot be moved below that.`])
  }
  await ctx.database.transaction(async (tx) => {
    const key = and(eq(exportColumnClasses.schoolId, ctx.school.id), eq(exportColumnClasses.column, qualified))
    const [set] = await tx.select({ columnClass: exportColumnClasses.columnClass }).from(exportColumnClasses).where(key)
    const was = classifiedColumns(table, new Map(set ? [[qualified, set.columnClass]] : [])).find(candidate => candidate.name === columnName)!.class
    if (to === column.class) await tx.delete(exportColumnClasses).where(key)
    else await tx.insert(exportColumnClasses).values({ schoolId: ctx.school.id, column: qualified, columnClass: to, setAt: timestampNow() })
      .onConflictDoUpdate({ target: [exportColumnClasses.schoolId, exportColumnClasses.column], set: { columnClass: to, setAt: timestampNow() } })
    if (was !== to) {
      await recordActivity(tx, ctx, {
        kind: 'column_class.changed', subjectType: 'export_column', subjectId: qualified, summary: `Export column ${qualified} is now ${to}`,
        changes: { class: [was, to] }
      })
    }
  })
  return columnsOfTable(table, await schoolColumnClasses(ctx))
}

/** What an administrator sees of a table's columns: name, class at the school, and the default. */
function columnsOfTable(table: ExportTable, classes: Map<string, ColumnClass>) {
  return classifiedColumns(table, classes).map(column => ({ column: `${table.key}.${column.name}`, class: column.class, default: column.default }))
}

/** Every export column with its class at the school. */
export async function listExportColumns(ctx: DomainContext) {
  const classes = await schoolColumnClasses(ctx)
  return exportTables.flatMap(table => columnsOfTable(table, classes))
}

/** One page of a table's columns (or every table's, in catalogue order) with their class at the school; `after` is the `[position]` the last page ended at. */
export async function pageExportColumns(ctx: DomainContext, request: { limit: number, after?: readonly unknown[], table?: string }) {
  const all = (await listExportColumns(ctx)).map((column, position) => ({ ...column, position }))
  const start = typeof request.after?.[0] === 'number' ? request.after[0] : -1
  const rows = all.filter(column => (request.table === undefined || column.column.startsWith(`${request.table}.`)) && column.position > start)
    .slice(0, request.limit + 1)
  return keysetSlice(rows, request.limit, ({ position: _, ...column }) => column, (last): [number] => [last.position])
}
