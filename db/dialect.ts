/**
 * Column builders for the one domain model, picked for the dialect this process runs on.
 *
 * The schema files are written once against these builders. They are typed as SQLite's so the domain
 * code has one set of types; at run time (and for drizzle-kit, through DB_DIALECT) PostgreSQL's
 * builders stand in. Every PostgreSQL text column is `COLLATE "C"`, so text sorts by bytes exactly as
 * SQLite's BINARY collation does, and keyset pages come out in the same order on both.
 */
import * as sqlite from 'drizzle-orm/sqlite-core'
import * as pg from 'drizzle-orm/pg-core'
import { databaseDialect } from './config'

export const isPostgres = (process.env.DB_DIALECT ?? databaseDialect()) === 'postgresql'

const pgText = pg.customType<{ data: string, driverData: string }>({ dataType: () => 'text COLLATE "C"' })

export const table = (isPostgres ? pg.pgTable : sqlite.sqliteTable) as unknown as typeof sqlite.sqliteTable
export const text = (isPostgres ? (name: string) => pgText(name) : sqlite.text) as unknown as typeof sqlite.text
export const integer = (isPostgres ? (name: string) => pg.integer(name) : (name: string) => sqlite.integer(name)) as unknown as typeof sqlite.integer
/** Milliseconds since the epoch and other numbers past 2^31. */
export const bigint =
  (isPostgres ? (name: string) => pg.bigint(name, { mode: 'number' }) : (name: string) => sqlite.integer(name)) as unknown as typeof sqlite.integer
export const index = (isPostgres ? pg.index : sqlite.index) as unknown as typeof sqlite.index
export const uniqueIndex = (isPostgres ? pg.uniqueIndex : sqlite.uniqueIndex) as unknown as typeof sqlite.uniqueIndex
export const primaryKey = (isPostgres ? pg.primaryKey : sqlite.primaryKey) as unknown as typeof sqlite.primaryKey
type SerialKey = (name: string) => ReturnType<ReturnType<typeof sqlite.integer>['primaryKey']>
/** An auto-incrementing integer key: the order rows were written in. */
export const serialKey = (isPostgres
  ? (name: string) => pg.bigserial(name, { mode: 'number' }).primaryKey()
  : (name: string) => sqlite.integer(name).primaryKey({ autoIncrement: true })) as unknown as SerialKey
