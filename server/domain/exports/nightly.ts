import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { exportNights, schools } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { ClaimQueue } from '../../../db/claim-rows'
import { drainQueue, LeaseLost, type Claim } from '../workers/worker-driver'
import { systemContext } from '../shared/context'
import { currentTime, dayInZone } from '../days/clock'
import { schoolRefFromRow } from '../schools/find-school'
import { tablesExportedBy } from './exported-tables'
import { produceSchoolExports } from './produce-exports'
import type { ExportStorage } from './storage/export-storage'

/** The hour of the school's night at which its files are made: after the day's work, before the next. */
export const productionHour = 2

const leaseMs = 10 * 60_000

/** Pending nights, of the given schools only when a run is limited to them. */
const nightQueue = (schoolIds?: string[]): ClaimQueue<typeof exportNights> => ({
  table: exportNights,
  id: exportNights.id,
  leaseOwner: exportNights.leaseOwner,
  leaseUntil: exportNights.leaseUntil,
  ready: () => and(eq(exportNights.state, 'pending'), schoolIds ? inArray(exportNights.schoolId, schoolIds) : undefined),
  order: [asc(exportNights.createdAt), asc(exportNights.id)]
})

/**
 * Removes scratch files of workers that died mid-file: untouched for longer than a lease, no live
 * worker is writing them (a worker renews its lease while it writes).
 */
async function clearStaleScratch(storage: ExportStorage, before: number) {
  const names = await readdir(storage.scratch).catch(() => [])
  for (const name of names) {
    const path = join(storage.scratch, name)
    const written = await stat(path).then(info => info.mtimeMs, () => Infinity)
    if (written < before) await rm(path, { force: true })
  }
}

/** The school's local day of the latest 02:00 that has passed there: before 02:00 that is yesterday. */
export function dueNight(now: Date, timeZone: string): string {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now))
  return hour >= productionHour ? dayInZone(now, timeZone) : dayInZone(new Date(now.getTime() - (hour + 1) * 3_600_000), timeZone)
}

export interface NightlyOptions {
  storage: ExportStorage
  /** This worker (`workerOwner()`). */
  owner: string
  now?: Date
  /** Only these schools (a run by hand, a test); every school otherwise. */
  schoolIds?: string[]
  batchSize?: number
  /** Told after each batch of rows written (a school, a table, rows so far). */
  onProgress?: (progress: { schoolId: string, table: string, rows: number }) => Promise<void> | void
  /** True once the process is stopping: no more nights are claimed, and the one in hand is freed after its batch. */
  stopping?: () => boolean
}

/**
 * The quarter-hourly run (server/tasks/exports/produce.ts): every school whose exports are on and
 * whose latest 02:00 has no night row yet gets one, then this worker claims due nights one by one
 * and produces them. A night is a row claimed under a lease (db/claim-rows.ts), so two instances
 * never produce one school's night twice; a night whose worker died is taken up once its lease ends,
 * and only the tables it had not finished are produced.
 */
export async function produceDueExports(database: Database, options: NightlyOptions) {
  const now = options.now ?? currentTime()
  const startedAt = Date.now()
  // Leases run on the same clock as the claim, so a test that sets `now` keeps them consistent.
  const clock = () => now.getTime() + (Date.now() - startedAt)
  const queue = nightQueue(options.schoolIds)
  const due = (await database.db.select().from(schools).where(options.schoolIds ? inArray(schools.id, options.schoolIds) : undefined))
    .map(schoolRefFromRow).filter(school => tablesExportedBy(school).length > 0)
  if (due.length) {
    await database.transaction(tx => tx.insert(exportNights)
      .values(due.map((school) => {
        const night = dueNight(now, school.timeZone)
        return { id: `${school.id} ${night}`, schoolId: school.id, night, state: 'pending' as const, createdAt: now.toISOString() }
      }))
      .onConflictDoNothing())
  }
  // Files' times are the machine's, not the injectable clock's.
  await clearStaleScratch(options.storage, Date.now() - leaseMs)
  const produced: { schoolId: string, night: string, files: number, durationMs: number }[] = []
  const failed: { schoolId: string, night: string, error: string, fault: unknown, durationMs: number }[] = []
  // Renewed at most once a minute, as batches and files finish, so a long table never outlives the
  // lease; once stopping, the night is handed back after its batch, keeping the files already made.
  const lease = { owner: options.owner, leaseMs, now: clock, stopping: options.stopping, renewEveryMs: 60_000 }
  let nightStartedAt = 0
  await drainQueue(database, queue, lease, async (claim: Claim<typeof exportNights>) => {
    nightStartedAt = performance.now()
    const night = claim.row
    const [row] = await database.db.select().from(schools).where(eq(schools.id, night.schoolId))
    const ctx = systemContext(database, schoolRefFromRow(row!), 'exports:produce')
    const afterBatch = async (progress: { table: string, rows: number }) => {
      await claim.heartbeat()
      await options.onProgress?.({ schoolId: night.schoolId, ...progress })
    }
    const files = await produceSchoolExports(
      ctx, { storage: options.storage, night: night.night, resume: true, batchSize: options.batchSize, afterBatch, afterFile: claim.heartbeat }
    )
    await database.transaction(tx => claim.release(tx, { state: 'done', doneAt: new Date(clock()).toISOString() }))
    return files.length
  }, (night, outcome) => {
    const durationMs = performance.now() - nightStartedAt
    if (outcome.kind === 'done') produced.push({ schoolId: night.schoolId, night: night.night, files: outcome.value, durationMs })
    // A failed night keeps its lease, so this run goes on to the next school and a later run, once the
    // lease has ended, tries again, producing only the tables still missing. The fault's class and
    // message only: never a value of the school's data.
    const fault = outcome.kind === 'failed' ? outcome.fault : outcome.kind === 'lost' ? new LeaseLost(night.id) : undefined
    if (fault) failed.push({
      schoolId: night.schoolId, night: night.night, error: fault instanceof Error ? `${fault.name}: ${fault.message}` : 'unknown fault', fault,
      durationMs
    })
  })
  return { produced, failed }
}
