import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { asc, eq, lte } from 'drizzle-orm'
import { bigint, table, text } from '../../../db/dialect'
import type { ClaimQueue } from '../../../db/claim-rows'
import { backoffMs, claimWork, drainQueue, HandedBack, runClaim, workerOwner, type WorkerLease } from '../../../server/domain/workers/worker-driver'
import { testDatabase } from '../../support/schools'
import { runSql } from '../../support/claim-queue'

/** A queue of this file's own (the claim tests drop theirs), made afresh for each test. */
const jobs = table('worker_driver_test_rows', {
  id: text('id').primaryKey(),
  readyAt: bigint('ready_at').notNull(),
  note: text('note'),
  leaseOwner: text('lease_owner'),
  leaseUntil: bigint('lease_until')
})

const queue = {
  table: jobs,
  id: jobs.id,
  leaseOwner: jobs.leaseOwner,
  leaseUntil: jobs.leaseUntil,
  ready: now => lte(jobs.readyAt, now),
  order: [asc(jobs.readyAt), asc(jobs.id)]
} satisfies ClaimQueue<typeof jobs>

describe('the worker driver', () => {
  const database = testDatabase()
  let now = 1_000_000
  const clock = () => now
  const lease = (owner: string, extra: Partial<WorkerLease> = {}): WorkerLease => ({ owner, leaseMs: 10_000, now: clock, ...extra })
  const rowOf = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!

  beforeEach(async () => {
    now = 1_000_000
    await runSql(database, 'drop table if exists worker_driver_test_rows')
    await runSql(
      database,
      'create table worker_driver_test_rows (id text primary key, ready_at bigint not null, note text, lease_owner text, lease_until bigint)'
    )
    await database.transaction(tx => tx.insert(jobs).values(['job-1', 'job-2', 'job-3'].map((id, i) => ({ id, readyAt: i }))))
  })
  afterAll(() => runSql(database, 'drop table if exists worker_driver_test_rows'))

  it('names each worker by host, process and a random part', () => {
    const [first, second] = [workerOwner(), workerOwner()]
    expect(first).toMatch(new RegExp(`^[^:]+:${process.pid}:[0-9a-f]{8}$`))
    expect(first).not.toBe(second)
  })

  it('claims ready rows under the worker\'s lease, and nothing once the process is stopping', async () => {
    expect(await claimWork(database, queue, lease('a', { stopping: () => true }), 3)).toEqual([])
    const claimed = await claimWork(database, queue, lease('a'), 2)
    expect(claimed.map(row => [row.id, row.leaseOwner, row.leaseUntil]).sort()).toEqual([['job-1', 'a', now + 10_000], ['job-2', 'a', now + 10_000]])
    expect((await claimWork(database, queue, lease('b'), 3)).map(row => row.id)).toEqual(['job-3'])
  })

  it('a heartbeat renews the lease no more often than asked, and hands the row back once the process is stopping', async () => {
    let stopping = false
    const [row] = await claimWork(database, queue, lease('a'), 1)
    const outcome = await runClaim(database, queue, lease('a', { renewEveryMs: 60_000, stopping: () => stopping }), row!, async (claim) => {
      now += 30_000
      await claim.heartbeat()
      expect((await rowOf('job-1')).leaseUntil).toBe(1_000_000 + 10_000)
      now += 30_000
      await claim.heartbeat()
      expect((await rowOf('job-1')).leaseUntil).toBe(now + 10_000)
      await database.transaction(tx => claim.keep(tx, { note: 'half done' }))
      stopping = true
      await claim.heartbeat()
      return 'finished'
    })
    expect(outcome).toEqual({ kind: 'handed_back' })
    // What the work committed stays; the row is free for the next worker at once.
    expect(await rowOf('job-1')).toMatchObject({ note: 'half done', leaseOwner: null, leaseUntil: null })
    expect((await claimWork(database, queue, lease('b'), 1)).map(claimed => claimed.id)).toEqual(['job-1'])
  })

  it('a failed row keeps its lease, so it is tried again only once the lease has ended', async () => {
    const [row] = await claimWork(database, queue, lease('a'), 1)
    const outcome = await runClaim(database, queue, lease('a'), row!, async () => {
      throw new Error('upstream down')
    })
    expect(outcome).toMatchObject({ kind: 'failed', fault: { message: 'upstream down' } })
    expect(await rowOf('job-1')).toMatchObject({ leaseOwner: 'a', leaseUntil: now + 10_000 })
    now += 9_999
    expect((await claimWork(database, queue, lease('b'), 3)).map(claimed => claimed.id).sort()).toEqual(['job-2', 'job-3'])
    now += 1
    expect((await claimWork(database, queue, lease('b'), 3)).map(claimed => claimed.id)).toEqual(['job-1'])
  })

  it('a worker that lost its row records nothing more on it', async () => {
    const [row] = await claimWork(database, queue, lease('a'), 1)
    now += 10_000
    expect((await claimWork(database, queue, lease('b'), 1)).map(claimed => claimed.id)).toEqual(['job-1'])
    const outcome = await runClaim(database, queue, lease('a'), row!, async (claim) => {
      await database.transaction(tx => claim.keep(tx, { note: 'from a' }))
    })
    expect(outcome).toEqual({ kind: 'lost' })
    expect(await runClaim(database, queue, lease('a'), row!, claim => database.transaction(tx => claim.release(tx, { note: 'from a' }))))
      .toEqual({ kind: 'lost' })
    expect(await runClaim(database, queue, lease('a'), row!, claim => claim.heartbeat())).toEqual({ kind: 'lost' })
    expect(await rowOf('job-1')).toMatchObject({ note: null, leaseOwner: 'b', leaseUntil: now + 10_000 })
  })

  it('drains the queue one row at a time, each released with its outcome, and stops at a hand back', async () => {
    const seen: [string, string][] = []
    await drainQueue(database, queue, lease('a'), async (claim) => {
      await database.transaction(tx => claim.release(tx, { note: 'done', readyAt: Number.MAX_SAFE_INTEGER }))
      return claim.row.id
    }, (row, outcome) => seen.push([row.id, outcome.kind]))
    expect(seen).toEqual([['job-1', 'done'], ['job-2', 'done'], ['job-3', 'done']])
    expect((await database.db.select().from(jobs)).every(row => row.note === 'done' && row.leaseOwner === null)).toBe(true)

    await database.transaction(tx => tx.update(jobs).set({ readyAt: 0, note: null }))
    const kinds: string[] = []
    await drainQueue(database, queue, lease('a'), async () => {
      throw new HandedBack()
    }, (_row, outcome) => kinds.push(outcome.kind))
    expect(kinds).toEqual(['handed_back'])
    expect((await database.db.select().from(jobs)).every(row => row.leaseOwner === null)).toBe(true)
  })

  it.each([[1, 60_000], [2, 120_000], [3, 240_000], [9, 15_360_000], [10, 6 * 3_600_000], [20, 6 * 3_600_000]])('waits %i failures out with '
    + 'backoff: %i ms', (failures, wait) => {
    expect(backoffMs(failures, { firstMs: 60_000, longestMs: 6 * 3_600_000 })).toBe(wait)
  })
})
