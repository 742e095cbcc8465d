/**
 * The lease a queue's rows are held under (docs/architecture.md, "Workers"): claim, renew, hand back.
 * The loop that wakes, polls and stops the queues is worker-loop.ts; this file is what each piece of
 * work holds its rows with, for webhook delivery, message delivery, export production and the people
 * sync. A worker says what its queue is (a `ClaimQueue`) and what a claimed row means (its work
 * function); the driver claims rows under a lease (db/claim-rows.ts), gives the work a `Claim` to
 * keep the lease with, hands the row back when the process is stopping, and decides what a fault
 * means: the row keeps its lease, so it is tried again once the lease ends, by whichever worker claims it then.
 */
import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { claimRows, extendLease, releaseRow, renewLease, rowId, type ClaimQueue } from '../../../db/claim-rows'
import type { Database, Db } from '../../../db/client'

/** A worker's name as a lease owner: host, process id and a random part, so it is unique across hosts and restarts. */
export function workerOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
}

/** Thrown by a heartbeat once the process is stopping: the driver frees the row, unfinished, for another worker. */
export class HandedBack extends Error {
  constructor() {
    super('The process is stopping: the row is handed back')
    this.name = 'HandedBack'
  }
}

/** The row is no longer this worker's (it stalled past its lease and another took the row over): it records nothing more. */
export class LeaseLost extends Error {
  constructor(id: string | number) {
    super(`Lost the lease on ${id}`)
    this.name = 'LeaseLost'
  }
}

/** Who holds the rows and for how long. */
export interface WorkerLease {
  /** This worker (`workerOwner()`), unique among all processes on the database. */
  owner: string
  /** How long a claimed row is held without news from its worker. */
  leaseMs: number
  /** Milliseconds since the epoch (default `Date.now`): tests step it. */
  now?: () => number
  /** True once the process is stopping: nothing more is claimed, and the row in hand is handed back at its next heartbeat. */
  stopping?: () => boolean
  /** A heartbeat renews the lease at most this often (default: at every heartbeat). */
  renewEveryMs?: number
}

type Row<T extends SQLiteTable> = T['$inferSelect']
type Changes<T extends SQLiteTable> = Partial<T['$inferInsert']>

/** A claimed row, as its work sees it: the row as claimed, or as much of it as the worker read again (`Held`). */
export interface Claim<T extends SQLiteTable, Held = Row<T>> {
  readonly row: Held
  /** The lease's owner: this worker. */
  readonly owner: string
  /** Throws `HandedBack` once the process is stopping. */
  checkStopping(): void
  /** `checkStopping`, then renews the lease when `renewEveryMs` has passed; throws `LeaseLost` when the row is no longer ours. */
  heartbeat(): Promise<void>
  /**
   * Inside the work's write: renews the lease and sets `changes` on the row; throws `LeaseLost` when it is no longer ours.
   * Answers `check`, a condition on the row asked by the same statement (true without one).
   */
  keep(tx: Db, changes?: Changes<T>, check?: SQL): Promise<boolean>
  /** Inside the write of the work's outcome: frees the row with `changes`; throws `LeaseLost` when it is no longer ours. */
  release(tx: Db, changes?: Changes<T>): Promise<void>
}

/** What became of a claimed row: the work finished (and released or kept the row itself), was handed back, lost the row, or failed. */
export type WorkOutcome<R> =
  | { kind: 'done', value: R }
  | { kind: 'handed_back' }
  | { kind: 'lost' }
  | { kind: 'failed', fault: unknown }

const clockOf = (lease: WorkerLease) => lease.now ?? Date.now
const stoppingOf = (lease: WorkerLease) => lease.stopping ?? (() => false)

/** Claims up to `limit` ready rows for this worker; none once the process is stopping. */
export async function claimWork<T extends SQLiteTable>(database: Database, queue: ClaimQueue<T>, lease: WorkerLease, limit: number): Promise<Row<T>[]> {
  if (stoppingOf(lease)() || limit <= 0) return []
  return claimRows(database, queue, { owner: lease.owner, limit, leaseMs: lease.leaseMs, now: clockOf(lease)() })
}

function claimOf<T extends SQLiteTable, Held>(database: Database, queue: ClaimQueue<T>, lease: WorkerLease, row: Held): Claim<T, Held> {
  const now = clockOf(lease)
  const stopping = stoppingOf(lease)
  const id = rowId(queue, row as Row<T>)
  let renewedAt = now()
  const claim: Claim<T, Held> = {
    row,
    owner: lease.owner,
    checkStopping() {
      if (stopping()) throw new HandedBack()
    },
    async heartbeat() {
      claim.checkStopping()
      if (now() - renewedAt < (lease.renewEveryMs ?? 0)) return
      renewedAt = now()
      if (!await renewLease(database, queue, id, { owner: lease.owner, leaseMs: lease.leaseMs, now: renewedAt })) throw new LeaseLost(id)
    },
    async keep(tx, changes = {}, check) {
      const kept = await extendLease(tx, queue, id, lease.owner, now() + lease.leaseMs, changes, check)
      if (!kept) throw new LeaseLost(id)
      return kept.passed
    },
    async release(tx, changes = {}) {
      if (!await releaseRow(tx, queue, id, lease.owner, changes)) throw new LeaseLost(id)
    }
  }
  return claim
}

/**
 * Runs `work` on a row this worker has claimed. A `HandedBack` frees the row as it was (only what the
 * work had already committed stays); a `LeaseLost` leaves it to its new holder; any other fault
 * leaves the row leased, so it waits for its lease to end before it is tried again.
 */
export async function runClaim<T extends SQLiteTable, R, Held extends object = Row<T>>(database: Database, queue: ClaimQueue<T>, lease: WorkerLease, row: Held,
  work: (claim: Claim<T, Held>) => Promise<R>): Promise<WorkOutcome<R>> {
  const claim = claimOf(database, queue, lease, row)
  try {
    return { kind: 'done', value: await work(claim) }
  } catch (fault) {
    if (fault instanceof HandedBack) {
      await database.transaction(tx => claim.release(tx)).catch((failure) => {
        if (!(failure instanceof LeaseLost)) throw failure
      })
      return { kind: 'handed_back' }
    }
    if (fault instanceof LeaseLost) return { kind: 'lost' }
    return { kind: 'failed', fault }
  }
}

/**
 * Claims ready rows one at a time and works each, until none is left, the process is stopping, or a
 * row is handed back; `onOutcome` hears of every row (and may throw to stop the round).
 */
export async function drainQueue<T extends SQLiteTable, R>(database: Database, queue: ClaimQueue<T>, lease: WorkerLease,
  work: (claim: Claim<T>) => Promise<R>, onOutcome: (row: Row<T>, outcome: WorkOutcome<R>) => void = () => {}): Promise<void> {
  for (;;) {
    const [row] = await claimWork(database, queue, lease, 1)
    if (!row) return
    const outcome = await runClaim(database, queue, lease, row, work)
    onOutcome(row, outcome)
    if (outcome.kind === 'handed_back') return
  }
}

/** The wait after the `failures`-th failure in a row: `firstMs`, doubling with each failure, at most `longestMs`. */
export function backoffMs(failures: number, schedule: { firstMs: number, longestMs: number }): number {
  return Math.min(schedule.firstMs * 2 ** Math.max(0, failures - 1), schedule.longestMs)
}
