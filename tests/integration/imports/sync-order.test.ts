import { describe, expect, it } from 'vitest'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { people, personSourceIds, syncRuns } from '../../../db/schema'
import { cancelSyncRun, confirmSyncRun } from '../../../server/domain/imports/sync-run-steps'
import { listSyncRuns, showSyncRun } from '../../../server/domain/imports/list-sync-runs'
import { stageSync } from '../../../server/domain/imports/stage-sync'
import { applyNextSyncRun, applySyncRun } from '../../../server/domain/imports/apply-sync'
import { revertSyncRun } from '../../../server/domain/imports/revert-sync'
import { readDatabaseConfig } from '../../../db/config'
import { newSchool } from '../../support/schools'
import { settleRun, syncFile, syncPeople } from '../../support/sync-files'

type School = Awaited<ReturnType<typeof newSchool>>

const hundred = syncPeople(100)
const renamed = (givenNames: string) => syncFile([{ ...hundred[0]!, givenNames }])

/** Works the queue until no worker finds anything to claim: whatever can apply has. */
async function drainQueue(school: School) {
  while (await applyNextSyncRun(school.database, `order-${process.pid}`));
}

const statusOf = async (school: School, runId: string) => (await school.database.db.select({ status: syncRuns.status }).from(syncRuns)
  .where(eq(syncRuns.id, runId)))[0]!.status

const givenNamesOf = async (school: School, sourceId: string) => (await school.database.db.select({ givenNames: people.givenNames }).from(people)
  .innerJoin(personSourceIds, eq(personSourceIds.personId, people.id))
  .where(and(eq(personSourceIds.schoolId, school.id), eq(personSourceIds.sourceId, sourceId))))[0]?.givenNames

describe('sync runs of one school and system, in the order received', () => {
  it('a paused run holds the later ones, which say what they wait for, until it is confirmed', async () => {
    const school = await newSchool()
    const first = await stageSync(school.context, { system: 'sis', scope: 'full', file: syncFile(hundred) })
    expect((await settleRun(school.database, first.run.id)).status).toBe('paused')
    const second = await stageSync(school.context, { system: 'sis', scope: 'changes', file: renamed('Second') })
    const third = await stageSync(school.context, { system: 'sis', scope: 'changes', file: renamed('Third') })
    // Another system of the same school does not wait.
    const other = await stageSync(school.context, { system: 'other', scope: 'full', file: syncFile(syncPeople(3)) })
    expect(second.run).toMatchObject({ status: 'queued', waitingFor: first.run.id })
    expect(third.run).toMatchObject({ status: 'queued', waitingFor: first.run.id })
    expect(other.run.waitingFor).toBeUndefined()

    await drainQueue(school)
    // The other system's run may be in another worker's hands (the queue is every school's, and files run side by side):
    // waited for, not read at the instant the drain ends.
    expect((await settleRun(school.database, other.run.id)).status).toBe('paused')
    expect(await statusOf(school, second.run.id)).toBe('queued')
    expect(await statusOf(school, third.run.id)).toBe('queued')
    expect((await showSyncRun(school.context, second.run.id)).run).toMatchObject({ status: 'queued', waitingFor: first.run.id })
    const listed = new Map((await listSyncRuns(school.context)).map(run => [run.id, run]))
    expect(listed.get(third.run.id)?.waitingFor).toBe(first.run.id)
    expect(listed.get(first.run.id)?.waitingFor).toBeUndefined()

    await confirmSyncRun(school.context, first.run.id)
    const applied = await settleRun(school.database, third.run.id)
    expect(applied.status).toBe('applied')
    const runs = await Promise.all([first, second, third].map(staged => settleRun(school.database, staged.run.id)))
    expect(runs.map(run => run.status)).toEqual(['applied', 'applied', 'applied'])
    expect(runs[0]!.appliedAt! <= runs[1]!.appliedAt! && runs[1]!.appliedAt! <= runs[2]!.appliedAt!).toBe(true)
    expect(await givenNamesOf(school, 'S00001')).toBe('Third')
    expect((await showSyncRun(school.context, third.run.id)).run.waitingFor).toBeUndefined()

    // Undo walks back through the values each run replaced.
    await revertSyncRun(school.context, third.run.id)
    expect(await givenNamesOf(school, 'S00001')).toBe('Second')
    await revertSyncRun(school.context, second.run.id)
    expect(await givenNamesOf(school, 'S00001')).toBe('Given 1')
  })

  it('a cancelled run releases the later ones', async () => {
    const school = await newSchool()
    const first = await stageSync(school.context, { system: 'sis', scope: 'full', file: syncFile(hundred) })
    expect((await settleRun(school.database, first.run.id)).status).toBe('paused')
    const second = await stageSync(school.context, { system: 'sis', scope: 'full', file: syncFile(hundred.slice(0, 50)) })
    expect(second.run.waitingFor).toBe(first.run.id)
    await drainQueue(school)
    expect(await statusOf(school, second.run.id)).toBe('queued')
    await cancelSyncRun(school.context, first.run.id)
    expect((await showSyncRun(school.context, second.run.id)).run.waitingFor).toBeUndefined()
    // Now the system's first run to be applied: it pauses for confirmation in its turn.
    expect(await settleRun(school.database, second.run.id)).toMatchObject({ status: 'paused', created: 50 })
  })

  // On SQLite the run's plan and its writes hold the one writer together: nothing lands in between.
  it.skipIf(readDatabaseConfig().dialect !== 'postgresql')('undo restores the value a change replaced, even one written after the run planned it', async () => {
    const school = await newSchool()
    const first = await stageSync(school.context, { system: 'sis', scope: 'full', file: syncFile(hundred) })
    expect((await settleRun(school.database, first.run.id)).status).toBe('paused')
    // Staged behind the paused first run and leased to this test's worker, so no other worker takes it.
    const second = await stageSync(school.context, { system: 'sis', scope: 'changes', file: renamed('Second') })
    const owner = `order-undo-${process.pid}`
    await school.database.transaction(tx => tx.update(syncRuns).set({ leaseOwner: owner, leaseUntil: Date.now() + 600_000 })
      .where(eq(syncRuns.id, second.run.id)))
    await confirmSyncRun(school.context, first.run.id)
    expect((await settleRun(school.database, first.run.id)).status).toBe('applied')
    const [{ personId }] = await school.database.db.select({ personId: personSourceIds.personId }).from(personSourceIds)
      .where(and(eq(personSourceIds.schoolId, school.id), eq(personSourceIds.sourceId, 'S00001'))) as [{ personId: string }]

    // Another writer holds the person while the run plans, and corrects the name before the run writes.
    const execute = (query: SQL) => (school.database.db as unknown as { execute(query: SQL): Promise<{ count: number }[]> }).execute(query)
    let applying: Promise<unknown> | undefined
    await school.database.transaction(async (tx) => {
      await (tx as unknown as { execute(query: SQL): Promise<unknown> }).execute(sql`select id from people where id = ${personId} for update`)
      applying = applySyncRun(school.database, second.run.id, owner)
      for (let waited = 0; ; waited += 20) {
        const [{ count }] = await execute(
          sql`select count(*)::int as count from pg_stat_activity where wait_event_type = 'Lock' and query like '%people%'`
        ) as [{ count: number }]
        if (count > 0) break
        expect(waited).toBeLessThan(10_000)
        await sleep(20)
      }
      await tx.update(people).set({ givenNames: 'Corrected' }).where(eq(people.id, personId))
    })
    expect(await applying).toBe('applied')
    expect(await givenNamesOf(school, 'S00001')).toBe('Second')
    await revertSyncRun(school.context, second.run.id)
    expect(await givenNamesOf(school, 'S00001')).toBe('Corrected')
  })
})
