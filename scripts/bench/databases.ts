/**
 * The bench's own databases, emptied before every run: a SQLite file in .data/ and a PostgreSQL
 * database (`rollbook_bench` unless BENCH_POSTGRES_URL names another), never the test suite's.
 */
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import postgres from 'postgres'
import { sqliteFilesOf } from '../../db/config'

export type Dialect = 'sqlite' | 'postgresql'

export interface BenchDatabase {
  dialect: Dialect
  /** The DATABASE_URL the CLI and the server get. */
  url: string
}

export const sqliteBenchPath = '.data/bench.db'
export const defaultPostgresBenchUrl = 'postgres://postgres@127.0.0.1:5432/rollbook_bench'

export function freshSqlite(root: string): BenchDatabase {
  for (const file of sqliteFilesOf(sqliteBenchPath)) rmSync(resolve(root, file), { force: true })
  return { dialect: 'sqlite', url: `file:${sqliteBenchPath}` }
}

/**
 * Creates the bench database if it is missing and empties it, or says why PostgreSQL cannot be used.
 * It connects to the server's `postgres` database first, only to create ours.
 */
export async function freshPostgres(url = process.env.BENCH_POSTGRES_URL || defaultPostgresBenchUrl): Promise<BenchDatabase | { skipped: string }> {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  if (!name || name === 'test') return { skipped: `refusing to use the database "${name}"; name the bench's own in BENCH_POSTGRES_URL` }
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const admin = postgres(maintenance.toString(), { max: 1, connect_timeout: 3, onnotice: () => {} })
  try {
    const [existing] = await admin`select 1 from pg_database where datname = ${name}`
    if (!existing) await admin.unsafe(`create database "${name.replaceAll('"', '""')}"`)
  } catch (error) {
    return { skipped: `cannot reach PostgreSQL at ${target.host} (${(error as Error).message})` }
  } finally {
    await admin.end({ timeout: 1 })
  }
  const client = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} })
  try {
    await client.unsafe('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;')
  } finally {
    await client.end({ timeout: 1 })
  }
  return { dialect: 'postgresql', url }
}

/**
 * Gives PostgreSQL's planner statistics for the rows just seeded, as autovacuum would within a minute
 * or so; planned on an empty table's guesses, the people page sorts every row of the school.
 */
export async function analyzeAfterSeeding(database: BenchDatabase) {
  if (database.dialect !== 'postgresql') return
  const client = postgres(database.url, { max: 1, connect_timeout: 3, onnotice: () => {} })
  try {
    await client`analyze`
  } finally {
    await client.end({ timeout: 1 })
  }
}
