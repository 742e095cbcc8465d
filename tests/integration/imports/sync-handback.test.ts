import { describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { people, syncRunChanges, syncRuns } from '../../../db/schema'
import { applySyncRun } from '../../../server/domain/imports/apply-sync'
import { confirmSyncRun } from '../../../server/domain/imports/sync-run-steps'
import { stageSync } from '../../../server/domain/imports/stage-sync'
import { newSchool } from '../../support/schools'
import { settleRun, syncFile, syncPeople } from '../../support/sync-files'

describe('a worker told to stop while it applies a run', () => {
  it('rolls the run back, frees it, and the next worker applies it in full', async () => {
    const school = await newSchool()
    const staged = await stageSync(school.context, { system: 'sis', scope: 'full', file: syncFile(syncPeople(6_000)) })
    expect((await settleRun(school.database, staged.run.id)).status).toBe('paused')
    // Leased to this worker before it is queued, so no other worker (a test server's) takes it.
    const owner = `handback-${process.pid}`
    await school.database.transaction(tx => tx.update(syncRuns).set({ leaseOwner: owner, leaseUntil: Date.now() + 600_000 })
      .where(eq(syncRuns.id, staged.run.id)))
    await confirmSyncRun(school.context, staged.run.id)

    // The stop comes after the run has begun: at its first progress note, with every person inserted.
    let asked = 0
    expect(await applySyncRun(school.database, staged.run.id, owner, () => asked++ > 0)).toBeNull()
    expect(asked).toBeGreaterThan(1)

    // Rolled back: nothing of it is live, read before any other worker could have applied 6,000 people again.
    const live = async () => (await school.database.db.select({ id: people.id }).from(people)
      .where(and(eq(people.schoolId, school.id), isNull(people.deletedAt)))).length
    expect(await live()).toBe(0)
    expect(await school.database.db.select().from(syncRunChanges).where(eq(syncRunChanges.runId, staged.run.id))).toEqual([])
    // Freed, still to apply: another process's worker (the shared test server's) may have claimed it the moment it was freed.
    const [run] = await school.database.db.select().from(syncRuns).where(eq(syncRuns.id, staged.run.id))
    expect(run!.status).toBe('applying')
    expect(run!.leaseOwner).not.toBe(owner)

    expect(await settleRun(school.database, staged.run.id)).toMatchObject({ status: 'applied', created: 6_000, done: 6_000 })
    expect(await live()).toBe(6_000)
  })
})
