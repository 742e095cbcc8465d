/**
 * The district data set (issue 43): kept in a PostgreSQL database of its own (`rollbook_district` unless
 * BENCH_DISTRICT_URL names another) from one bench run to the next. A database marked with the key of the shape
 * asked for (district-shape.ts) is used as it is; any other, or none, is emptied and built again by the build
 * step (district-build.ts), then marked.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import postgres from 'postgres'
import { districtKey, type DistrictShape } from '../../server/domain/setup/demo/district-shape'
import { freshPostgres, type BenchDatabase } from './databases'
import { markDistrict, readDistrictMark } from './district-marker'

export const defaultDistrictUrl = 'postgres://postgres@127.0.0.1:5432/rollbook_district'

/** The tag of PostgreSQL's last migration: a new one makes a kept district stale. */
function lastMigration(root: string): string {
  const journal = JSON.parse(readFileSync(resolve(root, 'db/migrations/postgresql/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  return journal.entries.at(-1)!.tag
}

/**
 * Turns the database's commits' wait for the disk off while it is built (a build cut short is built again from
 * nothing, so nothing of it needs to survive a crash), and back to the server's setting after, for the rows.
 */
async function setSynchronousCommit(url: string, off: boolean) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1)).replaceAll('"', '""')
  const client = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} })
  try {
    await client.unsafe(off ? `alter database "${name}" set synchronous_commit = off` : `alter database "${name}" reset synchronous_commit`)
  } finally {
    await client.end({ timeout: 1 })
  }
}

export interface District extends BenchDatabase {
  /** Whether the kept data set was used as it was. */
  kept: boolean
  /** The build's seconds: this run's, or the kept one's. */
  seconds: number
  builtAt: string
}

/**
 * The district of `shape`: the kept one when its mark matches, else built afresh by `build` (the build step,
 * run on the emptied database), which answers the step's JSON. Undefined, saying why, when PostgreSQL cannot be reached.
 */
export async function ensureDistrict(
  root: string, shape: DistrictShape, build: (database: BenchDatabase) => Promise<{ seconds: number }>,
  url = process.env.BENCH_DISTRICT_URL || defaultDistrictUrl
): Promise<District | { skipped: string }> {
  const key = districtKey(shape, lastMigration(root))
  const mark = await readDistrictMark(url)
  if (mark?.key === key) return { dialect: 'postgresql', url, kept: true, seconds: mark.seconds, builtAt: mark.builtAt }
  const database = await freshPostgres(url)
  if ('skipped' in database) return database
  await setSynchronousCommit(url, true)
  let built: { seconds: number }
  try {
    built = await build(database)
  } finally {
    await setSynchronousCommit(url, false)
  }
  await markDistrict(url, key, built.seconds)
  return { ...database, kept: false, seconds: built.seconds, builtAt: new Date().toISOString() }
}
