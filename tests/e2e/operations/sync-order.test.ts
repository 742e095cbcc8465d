import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { people, personSourceIds, syncRuns } from '../../../db/schema'
import { confirmSyncRun } from '../../../server/domain/imports/sync-run-steps'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { systemContext } from '../../../server/domain/shared/context'
import { callApi } from '../../support/api'
import { startServerOnOwnDatabase } from '../../support/own-server'
import { startBuiltServer, type RunningServer } from '../../support/server-process'
import { syncFile, syncPeople } from '../../support/sync-files'
import { exitOf } from '../../support/enquiry-load'
import type { Database } from '../../../db/client'

type SyncRun = typeof syncRuns.$inferSelect

const runOf = async (database: Database, runId: string): Promise<SyncRun> => (await database.db.select().from(syncRuns).where(eq(syncRuns.id, runId)))[0]!

/** Polls `runId` until `done` holds of it. */
async function waitForRun(database: Database, runId: string, done: (run: SyncRun) => boolean, timeoutMs = 60_000): Promise<SyncRun> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const run = await runOf(database, runId)
    if (done(run)) return run
    if (Date.now() > until) throw new Error(`The run ${runId} is still ${run.status}`)
    await sleep(50)
  }
}

/**
 * Polls the later run until it is applied, checking at every look that it never moved before the
 * earlier one was applied (a later run taken first would pause as the system's first run, or
 * overwrite what the earlier one then writes).
 */
async function expectAppliedInTurn(database: Database, earlierId: string, laterId: string, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const later = await runOf(database, laterId)
    if (later.status !== 'queued') expect((await runOf(database, earlierId)).status).toBe('applied')
    if (later.status === 'applied') break
    expect(['queued', 'applying']).toContain(later.status)
    if (Date.now() > until) throw new Error(`The run ${laterId} is still ${later.status}`)
    await sleep(50)
  }
  const [earlier, later] = [await runOf(database, earlierId), await runOf(database, laterId)]
  expect(earlier.appliedAt! < later.appliedAt!).toBe(true)
  return { earlier, later }
}

const givenNamesOf = async (database: Database, schoolId: string, sourceId: string) => (await database.db.select({ givenNames: people.givenNames }).from(people)
  .innerJoin(personSourceIds, eq(personSourceIds.personId, people.id))
  .where(and(eq(personSourceIds.schoolId, schoolId), eq(personSourceIds.sourceId, sourceId))))[0]?.givenNames

const sendSync = async (baseUrl: string, token: string, scope: 'full' | 'changes', file: string) => {
  const answer = await callApi('/api/v1/people/sync', { baseUrl, token, body: { system: 'sis', scope, file } })
  expect(answer.status).toBe(202)
  return answer.body.run as { id: string, status: string, waitingFor?: string }
}

const holderOf = (run: SyncRun, servers: RunningServer[]) => servers.find(server => run.leaseOwner?.includes(`:${server.process.pid}:`))

describe('sync runs of one school and system, across instances', () => {
  it('two servers on one database: a one-row rename sent while a large run applies waits for it, and wins', async () => {
    const own = await startServerOnOwnDatabase('sync-order', {}, { isolated: true })
    // SQLite writes a run several times slower, and the order is the same at any size.
    const size = own.database.dialect === 'postgresql' ? 50_000 : 10_000
    const rows = syncPeople(size)
    const second = await startBuiltServer({ DATABASE_URL: own.databaseUrl })
    const servers = [own.server, second]
    try {
      const { schoolId, token } = await own.schoolWithToken(['people.sync'])
      const context = systemContext(own.database, await requireSchool(own.database, schoolId), 'test')
      const big = await sendSync(own.server.url, token, 'full', syncFile(rows))
      expect((await waitForRun(own.database, big.id, run => run.status !== 'queued' && run.status !== 'applying')).status).toBe('paused')
      await confirmSyncRun(context, big.id)
      const applying = await waitForRun(own.database, big.id, run => run.status !== 'queued')
      expect(applying.status).toBe('applying')
      // Sent to the instance that is not applying the big run, so it is free to take the rename.
      const other = servers.find(server => server !== holderOf(applying, servers))!
      const rename = await sendSync(other.url, token, 'changes', syncFile([{ ...rows[0]!, givenNames: 'Second' }]))
      expect(rename.status).toBe('queued')
      // The answer names the run it waits for, unless that run was applied before the rename was read: a loaded
      // machine can take longer over the rename's request than SQLite over 10,000 rows. Either way the rename
      // applies after it, and wins (below).
      if (rename.waitingFor !== undefined) expect(rename.waitingFor).toBe(big.id)

      const { earlier } = await expectAppliedInTurn(own.database, big.id, rename.id)
      expect(earlier).toMatchObject({ created: size })
      expect(await givenNamesOf(own.database, schoolId, 'S00001')).toBe('Second')
    } finally {
      await second.stop()
      await own.stop()
    }
  }, 120_000)

  it('a server killed while it applies, and started again within its lease: the later run waits for the earlier one to be taken up and applied', async () => {
    const rows = syncPeople(20_000)
    // A database of its own: on the shared one the shared server's worker may take the run first.
    const own = await startServerOnOwnDatabase('sync-kill', {}, { isolated: true })
    let restarted: RunningServer | undefined
    try {
      const { schoolId, token } = await own.schoolWithToken(['people.sync'])
      const context = systemContext(own.database, await requireSchool(own.database, schoolId), 'test')
      const big = await sendSync(own.server.url, token, 'full', syncFile(rows))
      expect((await waitForRun(own.database, big.id, run => run.status !== 'queued' && run.status !== 'applying')).status).toBe('paused')
      const rename = await sendSync(own.server.url, token, 'changes', syncFile([{ ...rows[0]!, givenNames: 'Second' }]))
      expect(rename).toMatchObject({ status: 'queued', waitingFor: big.id })
      await confirmSyncRun(context, big.id)
      // Killed mid-way: on PostgreSQL as soon as it is seen applying (a quiet machine applies 20,000 rows
      // between two looks, so waiting for progress to show let it finish first), on SQLite (one commit at
      // the end) a moment in.
      const postgres = own.database.dialect === 'postgresql'
      await waitForRun(own.database, big.id, run => run.status === 'applying' && holderOf(run, [own.server]) !== undefined, 60_000)
      if (!postgres) await sleep(300)
      own.server.process.kill('SIGKILL')
      await exitOf(own.server.process)
      expect(await runOf(own.database, big.id)).toMatchObject({ status: 'applying' })

      restarted = await startBuiltServer({ DATABASE_URL: own.databaseUrl })
      // Within the dead worker's lease the restarted server's worker has looked twice, and taken nothing.
      await sleep(2_500)
      expect((await runOf(own.database, big.id)).leaseUntil!).toBeGreaterThan(Date.now())
      expect(await runOf(own.database, rename.id)).toMatchObject({ status: 'queued', leaseOwner: null })
      expect((await callApi(
        '/api/v1/people/sync', { baseUrl: restarted.url, token, body: { system: 'sis', scope: 'changes', file: syncFile([rows[1]!]) } }
      )).body.run.waitingFor).toBe(big.id)
      // Its lease ends (as it would a minute on): the run is taken up and applied in full, then the rename.
      await own.database.transaction(tx => tx.update(syncRuns).set({ leaseUntil: 0 }).where(eq(syncRuns.id, big.id)))
      const { earlier } = await expectAppliedInTurn(own.database, big.id, rename.id)
      expect(earlier).toMatchObject({ created: 20_000, done: 20_000 })
      expect(await givenNamesOf(own.database, schoolId, 'S00001')).toBe('Second')
    } finally {
      await restarted?.stop()
      await own.stop()
    }
  }, 120_000)
})
