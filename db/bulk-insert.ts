import { getTableColumns, getTableName, type Column } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './client'

interface SqliteClient { prepare(sql: string): { run(...values: unknown[]): unknown } }
interface PostgresClient { unsafe(sql: string, values: unknown[]): Promise<unknown> }

/** Rows a PostgreSQL statement takes at once: one array a column, so the size of a statement is bounded, not its parameters. */
const postgresRowsPerStatement = 10_000

/** drizzle keeps the driver's connection of a transaction on its session. */
function clientOf(tx: Db): SqliteClient | PostgresClient {
  return (tx as unknown as { session: { client: SqliteClient | PostgresClient } }).session.client
}

/** postgres.js has a `prepare` of its own (two-phase commit); `unsafe` is only PostgreSQL's. */
function isPostgres(client: SqliteClient | PostgresClient): client is PostgresClient {
  return 'unsafe' in client
}

/** The PostgreSQL type of a column without its collation (`text COLLATE "C"` is `text`), for an array cast. */
function baseType(column: Column): string {
  return column.getSQLType().replace(/\s+collate\s+.*$/i, '')
}

/**
 * A column's values of `rows` as one text array parameter, cast to the column's type in the
 * statement: postgres.js guesses an array's type from its first element, which a null or a number
 * past 2^31 would mislead.
 */
function columnArray(rows: readonly object[], key: string): (string | null)[] {
  return rows.map((row) => {
    const value = (row as Record<string, unknown>)[key]
    return value === null || value === undefined ? null : String(value)
  })
}

/** `unnest($1::text[]::integer[], …)` over `keys`' columns: the rows of a slice as a table. */
function unnestOf(columns: Record<string, Column>, keys: string[]): string {
  return `unnest(${keys.map((key, i) => `$${i + 1}::text[]::${baseType(columns[key]!)}[]`).join(', ')})`
}

/**
 * What an insert does with a row whose `target` (a unique index's columns) another row holds already:
 * adds its `add` columns to that row's and puts its `replace` columns in place of that row's.
 */
export interface OnConflict<T extends SQLiteTable> {
  target: (keyof T['$inferInsert'] & string)[]
  add?: (keyof T['$inferInsert'] & string)[]
  replace?: (keyof T['$inferInsert'] & string)[]
}

/** `on conflict (…) do update set …`, which SQLite and PostgreSQL spell alike. */
function conflictClause<T extends SQLiteTable>(tableName: string, columns: Record<string, Column>, { target, add = [], replace = [] }: OnConflict<T>): string {
  const name = (key: string) => `"${columns[key]!.name}"`
  const sets =
    [...add.map(key => `${name(key)} = ${tableName}.${name(key)} + excluded.${name(key)}`), ...replace.map(key => `${name(key)} = excluded.${name(key)}`)]
  return `on conflict (${target.map(name).join(', ')}) do update set ${sets.join(', ')}`
}

/**
 * Inserts many rows of one shape inside a transaction, for the bulk writers (a people sync of 100,000
 * rows, its kept changes, its events). drizzle builds a multi-row insert at about a quarter of a
 * millisecond a row, longer than the database takes to write it; this writes the same statement by
 * the table's column names: one prepared single-row statement run per row on SQLite (better-sqlite3
 * runs it in microseconds); on PostgreSQL `insert … select * from unnest(…)` with one array a
 * column, which PostgreSQL parses and plans in a moment where a multi-row VALUES of 65,000
 * parameters took it longer than writing the rows (100,000 people: 5.6 s against 12.8 s).
 * The rows are the table's insert shape; each must have the keys of the first, and values go to the
 * driver as they are (text and numbers, as every table of the schema stores them). With `onConflict`,
 * a row whose key is taken updates the row that holds it instead (an upsert).
 */
export async function bulkInsert<T extends SQLiteTable>(tx: Db, table: T, rows: T['$inferInsert'][], onConflict?: OnConflict<T>): Promise<void> {
  if (rows.length === 0) return
  const columns = getTableColumns(table) as Record<string, Column>
  const keys = Object.keys(rows[0]!).filter(key => key in columns)
  const names = keys.map(key => `"${columns[key]!.name}"`).join(', ')
  const tableName = `"${getTableName(table)}"`
  const head = `insert into ${tableName} (${names}) `
  const tail = onConflict ? ` ${conflictClause(tableName, columns, onConflict)}` : ''
  const client = clientOf(tx)
  if (!isPostgres(client)) {
    const statement = client.prepare(`${head}values (${keys.map(() => '?').join(', ')})${tail}`)
    for (const row of rows) statement.run(...keys.map(key => (row as Record<string, unknown>)[key] ?? null))
    return
  }
  const statement = `${head}select * from ${unnestOf(columns, keys)}${tail}`
  for (let start = 0; start < rows.length; start += postgresRowsPerStatement) {
    const slice = rows.slice(start, start + postgresRowsPerStatement)
    await client.unsafe(statement, keys.map(key => columnArray(slice, key)))
  }
}

/**
 * Sets fields of many rows, each found by its `id`, inside a transaction: every row of `rows` has
 * the keys of the first (the `id` and the fields it sets). One prepared statement run per row on
 * SQLite; on PostgreSQL one `update … from unnest(…)` a slice of rows, not a round trip a row.
 */
export async function bulkUpdate<T extends SQLiteTable>(tx: Db, table: T, rows: ({ id: string } & Partial<T['$inferInsert']>)[]): Promise<void> {
  if (rows.length === 0) return
  const columns = getTableColumns(table) as Record<string, Column>
  const fields = Object.keys(rows[0]!).filter(key => key !== 'id' && key in columns)
  const name = `"${getTableName(table)}"`
  const client = clientOf(tx)
  if (!isPostgres(client)) {
    const statement = client.prepare(`update ${name} set ${fields.map(key => `"${columns[key]!.name}" = ?`).join(', ')} where "${columns.id!.name}" = ?`)
    for (const row of rows) statement.run(...fields.map(key => (row as Record<string, unknown>)[key] ?? null), row.id)
    return
  }
  const keys = ['id', ...fields]
  const aliases = keys.map((_, i) => `c${i}`)
  const statement = `update ${name} set ${fields.map((key, i) => `"${columns[key]!.name}" = v.c${i + 1}`).join(', ')} `
    + `from ${unnestOf(columns, keys)} as v(${aliases.join(', ')}) where ${name}."${columns.id!.name}" = v.c0`
  for (let start = 0; start < rows.length; start += postgresRowsPerStatement) {
    const slice = rows.slice(start, start + postgresRowsPerStatement)
    await client.unsafe(statement, keys.map(key => columnArray(slice, key)))
  }
}
