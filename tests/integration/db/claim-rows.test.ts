import { once } from 'node:events'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { claimRows, releaseRow, renewLease } from '../../../db/claim-rows'
import { testDatabase } from '../../support/schools'
import { createTestQueue, runSql, testQueue, testQueueRows } from '../../support/claim-queue'
import { projectRoot } from '../../support/server-process'
import { spawnForTest } from '../../support/spawn-for-test'

const ids = (rows: { id: string }[]) => rows.map(row => row.id).sort()

/** Starts a worker process that claims the test queue in batches once told to go; resolves with its next line. */
function startWorker(owner: string, batch: number) {
  const child = spawnForTest(process.execPath, ['--import', 'tsx', resolve(projectRoot, 'tests/support/claim-rows-worker.ts'), owner, String(batch)], {
    cwd: projectRoot, env: process.env, stdio: ['pipe', 'pipe', 'inherit']
  })
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]()
  const nextLine = async () => {
    const { value, done } = await lines.next()
    if (done) throw new Error(`worker ${owner} ended without answering (exit code ${child.exitCode})`)
    return value as string
  }
  return { child, nextLine }
}

describe('claiming queue rows for a worker', () => {
  const database = testDatabase()
  afterAll(() => runSql(database, 'drop table if exists claim_test_rows'))

  it('two worker processes claiming 1,000 rows in batches claim every row exactly once', async () => {
    await createTestQueue(database, 1000)
    const workers = [startWorker('worker-a', 7), startWorker('worker-b', 7)]
    for (const worker of workers) expect(await worker.nextLine()).toBe('ready')
    for (const worker of workers) worker.child.stdin!.write('go\n')
    const claimed = await Promise.all(workers.map(async worker => JSON.parse(await worker.nextLine()) as string[]))
    await Promise.all(workers.map(worker => worker.child.exitCode === null ? once(worker.child, 'exit') : undefined))

    const all = claimed.flat()
    expect(all).toHaveLength(1000)
    expect(new Set(all).size).toBe(1000)
    // Both took part, so the claims really ran side by side.
    for (const share of claimed) expect(share.length).toBeGreaterThan(0)
    const rows = await database.db.select().from(testQueueRows)
    const ownerOf = new Map(rows.map(row => [row.id, row.leaseOwner]))
    for (const [index, owner] of ['worker-a', 'worker-b'].entries()) {
      for (const id of claimed[index]!) expect(ownerOf.get(id)).toBe(owner)
    }
  }, 120_000)

  it('takes only ready rows in order, up to the limit, and not those another worker holds until its lease ends', async () => {
    await createTestQueue(database, 5, 1_000)
    await database.transaction(tx => tx.update(testQueueRows).set({ nextAttemptAt: 5_000 }).where(eq(testQueueRows.id, 'row-00000')))
    const first = await claimRows(database, testQueue, { owner: 'a', limit: 3, leaseMs: 60_000, now: 2_000 })
    expect(ids(first)).toEqual(['row-00001', 'row-00002', 'row-00003'])
    expect(first.every(row => row.leaseOwner === 'a' && row.leaseUntil === 62_000)).toBe(true)

    expect(ids(await claimRows(database, testQueue, { owner: 'b', limit: 10, leaseMs: 60_000, now: 3_000 }))).toEqual(['row-00004'])
    expect(await claimRows(database, testQueue, { owner: 'c', limit: 10, leaseMs: 60_000, now: 4_000 })).toEqual([])
    expect(ids(await claimRows(database, testQueue, { owner: 'c', limit: 10, leaseMs: 60_000, now: 61_999 }))).toEqual(['row-00000'])
    // a's lease ends at 62,000: from then its rows are anyone's, while b's lease still runs.
    const retaken = await claimRows(database, testQueue, { owner: 'd', limit: 10, leaseMs: 60_000, now: 62_000 })
    expect(ids(retaken)).toEqual(['row-00001', 'row-00002', 'row-00003'])
    expect(retaken.every(row => row.leaseOwner === 'd')).toBe(true)
  })

  it('a renewed lease keeps the row; a released row carries its outcome and can be claimed again; neither works for a worker that lost the row', async () => {
    await createTestQueue(database, 1)
    await claimRows(database, testQueue, { owner: 'a', limit: 1, leaseMs: 1_000, now: 10_000 })
    expect(await renewLease(database, testQueue, 'row-00000', { owner: 'a', leaseMs: 1_000, now: 10_500 })).toBe(true)
    expect(await claimRows(database, testQueue, { owner: 'b', limit: 1, leaseMs: 1_000, now: 11_200 })).toEqual([])
    expect(await renewLease(database, testQueue, 'row-00000', { owner: 'b', leaseMs: 1_000, now: 11_200 })).toBe(false)

    expect(ids(await claimRows(database, testQueue, { owner: 'b', limit: 1, leaseMs: 1_000, now: 11_500 }))).toEqual(['row-00000'])
    expect(await renewLease(database, testQueue, 'row-00000', { owner: 'a', leaseMs: 1_000, now: 11_600 })).toBe(false)
    expect(await database.transaction(tx => releaseRow(tx, testQueue, 'row-00000', 'a', { nextAttemptAt: 99_000 }))).toBe(false)

    expect(await database.transaction(tx => releaseRow(tx, testQueue, 'row-00000', 'b', { nextAttemptAt: 20_000 }))).toBe(true)
    expect(await database.db.select().from(testQueueRows).orderBy(asc(testQueueRows.id)))
      .toEqual([{ id: 'row-00000', nextAttemptAt: 20_000, leaseOwner: null, leaseUntil: null }])
    expect(await claimRows(database, testQueue, { owner: 'c', limit: 1, leaseMs: 1_000, now: 19_999 })).toEqual([])
    expect(ids(await claimRows(database, testQueue, { owner: 'c', limit: 1, leaseMs: 1_000, now: 20_000 }))).toEqual(['row-00000'])
  })
})
