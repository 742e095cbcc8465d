import { getTableColumns, getTableName } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './client'

interface SqliteClient { prepare(sql: string): { run(...values: unknown[]): unknown } }
interface PostgresClient { unsafe(sql: string, values: unknown[]): Promise<unknown> }

/** PostgreSQL takes at most 65535 parameters in a statement. */
const postgresParameters = 65_000

/**
 * Inserts many rows of one shape inside a transaction, for the bulk writers (a people sync of 100,000
 * rows, its kept changes, its events). drizzle builds a multi-row insert at about a quarter of a
 * millisecond a row, longer than the database takes to write it; this writes the same statement by
 * the table's column names and binds every value as a parameter: one prepared single-row statement
 * run per row on SQLite (better-sqlite3 runs it in microseconds), multi-row statements on PostgreSQL.
 * The rows are the table's insert shape; each must have the keys of the first, and values go to the
 * driver as they are (text and numbers, as every table of the schema stores them).
 */
export async function bulkInsert<T extends SQLiteTable>(tx: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return
  const columns = getTableColumns(table)
  const keys = Object.keys(rows[0]!).filter(key => key in columns)
  const names = keys.map(key => `"${columns[key]!.name}"`).join(', ')
  const head = `insert into "${getTableName(table)}" (${names}) values `
  // drizzle keeps the driver's connection of a transaction on its session.
  const client = (tx as unknown as { session: { client: SqliteClient | PostgresClient } }).session.client
  // postgres.js has a `prepare` of its own (two-phase commit); `unsafe` is only PostgreSQL's.
  if (!('unsafe' in client)) {
    const statement = client.prepare(`${head}(${keys.map(() => '?').join(', ')})`)
    for (const row of rows) statement.run(...keys.map(key => (row as Record<string, unknown>)[key] ?? null))
    return
  }
  const perStatement = Math.max(1, Math.floor(postgresParameters / keys.length))
  for (let start = 0; start < rows.length; start += perStatement) {
    const slice = rows.slice(start, start + perStatement)
    const values: unknown[] = []
    const tuples = slice.map((row) => {
      const placeholders = keys.map((key) => {
        values.push((row as Record<string, unknown>)[key] ?? null)
        return `$${values.length}`
      })
      return `(${placeholders.join(', ')})`
    })
    await client.unsafe(head + tuples.join(', '), values)
  }
}
