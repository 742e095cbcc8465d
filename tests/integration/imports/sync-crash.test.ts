import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { people, syncRunChanges, syncRuns } from '../../../db/schema'
import { confirmSyncRun } from '../../../server/domain/imports/sync-run-steps'
import { stageSync } from '../../../server/domain/imports/stage-sync'
import { newSchool } from '../../support/schools'
import { settleRun, syncFile, syncPeople } from '../../support/sync-files'
import { spawnForTest } from '../../support/spawn-for-test'

describe('a worker killed while it applies a run', () => {
  it('leaves the run all or nothing, and it applies in full when taken up again', async () => {
    const school = await newSchool()
    const staged = await stageSync(school.context, { system: 'sis', scope: 'full', file: syncFile(syncPeople(40_000)) })
    expect((await settleRun(school.database, staged.run.id)).status).toBe('paused')
    // Leased to the worker below before it is queued, so no other worker (a test server's) takes it.
    const owner = `crash-${process.pid}`
    await school.database.transaction(tx => tx.update(syncRuns).set({ leaseOwner: owner, leaseUntil: Date.now() + 600_000 })
      .where(eq(syncRuns.id, staged.run.id)))
    await confirmSyncRun(school.context, staged.run.id)

    const worker = spawnForTest(
      process.execPath, ['--import', 'tsx', 'tests/support/apply-run-worker.ts', staged.run.id, owner],
      { stdio: ['ignore', 'pipe', 'inherit'], env: process.env }
    )
    const exited = new Promise(resolve => worker.on('exit', resolve))
    const status = async () => (await school.database.db.select().from(syncRuns).where(eq(syncRuns.id, staged.run.id)))[0]!
    // Under way: the run is applying (and, on PostgreSQL, its progress shows rows done).
    for (let run = await status(); run.status !== 'applying' || (school.database.dialect === 'postgresql' && run.done === 0); run = await status()) {
      expect(run.status).not.toBe('applied')
      await sleep(20)
    }
    if (school.database.dialect !== 'postgresql') await sleep(300)
    worker.kill('SIGKILL')
    await exited

    const live = async () => (await school.database.db.select({ id: people.id }).from(people)
      .where(and(eq(people.schoolId, school.id), isNull(people.deletedAt)))).length
    const after = await status()
    expect(after.status).toBe('applying')
    expect(await live()).toBe(0)
    expect((await school.database.db.select().from(syncRunChanges).where(eq(syncRunChanges.runId, staged.run.id))).length).toBe(0)

    // Its lease ends; the next worker takes it up.
    await school.database.transaction(tx => tx.update(syncRuns).set({ leaseUntil: 0 }).where(eq(syncRuns.id, staged.run.id)))
    expect(await settleRun(school.database, staged.run.id, 120_000)).toMatchObject({ status: 'applied', created: 40_000, done: 40_000 })
    expect(await live()).toBe(40_000)
  }, 180_000)
})
