import { and, asc, eq, inArray } from 'drizzle-orm'
import { schools, taskNights } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { ClaimQueue } from '../../../db/claim-rows'
import { drainQueue, LeaseLost, type Claim } from '../workers/worker-driver'
import { systemContext } from '../shared/context'
import { currentTime, dayInZone } from '../days/clock'
import { schoolRefFromRow } from '../schools/find-school'
import { eraseDue, previewRetention } from './sweep'

const task = 'retention:sweep'
/** A school's sweep renews it after each person; a worker silent this long is taken to be dead. */
const leaseMs = 10 * 60_000

const sweepNights = (schoolIds?: readonly string[]): ClaimQueue<typeof taskNights> => ({
  table: taskNights,
  id: taskNights.id,
  leaseOwner: taskNights.leaseOwner,
  leaseUntil: taskNights.leaseUntil,
  ready: () => and(eq(taskNights.task, task), eq(taskNights.state, 'pending'), schoolIds ? inArray(taskNights.schoolId, [...schoolIds]) : undefined),
  order: [asc(taskNights.createdAt), asc(taskNights.id)]
})

export interface SweepOptions {
  /** This worker (`workerOwner()`). */
  owner: string
  now?: Date
  /** True once the process is stopping: no further school is claimed, and the one in hand is freed after its person in hand. */
  stopping?: () => boolean
  /** Only these schools (a run by hand, a test); every school otherwise. */
  schoolIds?: readonly string[]
}

/**
 * The retention sweep (server/tasks/retention/sweep.ts): each school's due list worked out afresh, then what has been in
 * it fourteen days acted on, as the system actor `retention:sweep`, once a school and night. Every instance runs the
 * schedule: each school's night is a row claimed under a lease (`task_nights`), so one instance sweeps each school and
 * the others pass over it; a school whose sweep failed or whose worker died keeps its row, taken up by a later run once
 * the lease ends (the schedule runs hourly), and its erasures, one transaction a person, are not done twice.
 */
export async function sweepAllSchools(database: Database, options: SweepOptions) {
  const now = options.now ?? currentTime()
  const startedAt = Date.now()
  const clock = () => now.getTime() + (Date.now() - startedAt)
  const rows = await database.db.select().from(schools)
    .where(options.schoolIds ? inArray(schools.id, [...options.schoolIds]) : undefined).orderBy(asc(schools.id))
  if (rows.length) {
    await database.transaction(tx => tx.insert(taskNights).values(rows.map((row) => {
      const night = dayInZone(now, row.timeZone)
      return { id: `${task} ${row.id} ${night}`, task, schoolId: row.id, night, state: 'pending' as const, createdAt: now.toISOString() }
    })).onConflictDoNothing())
  }
  const swept: { schoolId: string, due: number, erased: number, deleted: number, held: number }[] = []
  const failed: { schoolId: string, error: string }[] = []
  const lease = { owner: options.owner, leaseMs, now: clock, stopping: options.stopping, renewEveryMs: 60_000 }
  await drainQueue(database, sweepNights(options.schoolIds), lease, async (claim: Claim<typeof taskNights>) => {
    const [row] = await database.db.select().from(schools).where(eq(schools.id, claim.row.schoolId))
    const ctx = systemContext(database, schoolRefFromRow(row!), task)
    const { counts } = await previewRetention(ctx)
    const done = await eraseDue(ctx, { afterEach: claim.heartbeat })
    await database.transaction(tx => claim.release(tx, { state: 'done', doneAt: new Date(clock()).toISOString() }))
    return { due: Object.values(counts).reduce((sum, each) => sum + each, 0), ...done }
  }, (night, outcome) => {
    if (outcome.kind === 'done') swept.push({ schoolId: night.schoolId, ...outcome.value })
    // A failed school keeps its lease, so this run goes on to the next and a later one tries again. The fault's class
    // and message only: never a value of the school's data.
    const fault = outcome.kind === 'failed' ? outcome.fault : outcome.kind === 'lost' ? new LeaseLost(night.id) : undefined
    if (fault) failed.push({ schoolId: night.schoolId, error: fault instanceof Error ? `${fault.name}: ${fault.message}` : 'unknown fault' })
  })
  return { swept, failed }
}
