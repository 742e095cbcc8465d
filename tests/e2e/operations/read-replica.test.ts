import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import postgres from 'postgres'
import { openDatabase, type Database } from '../../../db/client'
import { readDatabaseConfig } from '../../../db/config'
import { createSchool } from '../../../server/domain/schools/create-school'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { systemContext } from '../../../server/domain/shared/context'
import { issueToken } from '../../../server/domain/tokens/manage-tokens'
import { callApi } from '../../support/api'
import { seedFamily } from '../../support/person-fixtures'
import { startBuiltServer, type RunningServer } from '../../support/server-process'
import { staffSession } from '../../support/staff-sessions'
import { startStandbyPair, type StandbyPair } from '../../support/standby-cluster'
import { testExportStorage } from '../../support/export-files'
import { produceSchoolExports } from '../../../server/domain/exports/produce-exports'
import type { DomainContext } from '../../../server/domain/shared/context'

/**
 * The read replica against a real streaming standby (docs/read-replica.md): a primary and a standby made by
 * tests/support/standby-cluster.ts, a built server on both, and the staff directory, a lag-tolerant read, read
 * while the standby is fit, paused behind, killed and started again. Where each read went is told by the
 * server's /metrics. The bound is 2 s here, so a paused standby is bypassed soon.
 */
const metricsToken = 'replica-test-metrics-token'
let pair: StandbyPair
let server: RunningServer
let database: Database
let standby: postgres.Sql
let office: { cookie: string }
let reader: { cookie: string }
let childId: string
let schoolContext: DomainContext
let eventsToken: string

const directory = (cookie: string, search: string) =>
  callApi(`/api/app/people?search=${encodeURIComponent(search)}`, { baseUrl: server.url, headers: { cookie } })

/** Where the lag-tolerant reads went so far, as `to reason` → count; and whether the replica is bypassed, by reason. */
async function replicaMetrics() {
  const text = (await callApi('/metrics', { baseUrl: server.url, token: metricsToken })).body as string
  const reads = new Map<string, number>()
  for (const [, to, reason, count] of text.matchAll(/^rollbook_replica_reads_total\{to="(\w+)",reason="(\w+)"\} (\d+)$/gm)) {
    reads.set(`${to} ${reason}`, Number(count))
  }
  const bypassed = /^rollbook_replica_bypassed\{reason="(\w+)"\} (\d)$/m.exec(text)
  return { reads: (key: string) => reads.get(key) ?? 0, bypassed: bypassed ? { reason: bypassed[1], value: Number(bypassed[2]) } : undefined }
}

/** Waits for a condition the server reaches on its own (the probe runs every second); fails after `ms`. */
async function until(condition: () => Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`)
    await new Promise(done => setTimeout(done, 100))
  }
}

let searches = 0
/** A directory read no kept answer holds (each search is new), so it is read from a database. */
const freshRead = (cookie: string) => directory(cookie, `nobody${++searches}`)

/** Reads the directory until one read goes to the replica. */
async function untilReadFromReplica(cookie: string) {
  const before = (await replicaMetrics()).reads('replica fit')
  await until(async () => {
    expect((await freshRead(cookie)).status).toBe(200)
    return (await replicaMetrics()).reads('replica fit') > before
  }, 'a directory read went to the replica')
}

beforeAll(async () => {
  pair = await startStandbyPair()
  // The server migrates the primary while the standby is made from it; the standby then streams the rest.
  const starting = startBuiltServer({
    DATABASE_URL: pair.primaryUrl, DATABASE_REPLICA_URL: pair.standbyUrl, DATABASE_REPLICA_MAX_LAG_SECONDS: '2', METRICS_TOKEN: metricsToken
  })
  // Kept as soon as it runs, so afterAll stops it even when the standby could not be made.
  const started = starting.then((running) => {
    server = running
  })
  await Promise.all([started, pair.standbyReady])
  database = openDatabase(readDatabaseConfig(pair.primaryUrl, undefined))
  standby = postgres(pair.standbyUrl, { max: 1, onnotice: () => {} })
  const { id } = await createSchool(database, { name: 'Replica School', timeZone: 'Australia/Sydney' })
  const school = { id, context: systemContext(database, await requireSchool(database, id), 'test'), database }
  office = await staffSession(school, 'office')
  reader = await staffSession(school, 'office')
  childId = (await seedFamily(school.context, { family: 'Okafor', child: 'Adaeze' })).child
  schoolContext = school.context
  eventsToken = (await issueToken(school.context, { purpose: 'test', scopes: ['event.read', 'person.read'] })).token
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await database?.close()
  await standby?.end({ timeout: 1 })
  await pair?.stop()
})

describe('a read replica', () => {
  it('answers the staff directory while it is fit', async () => {
    await until(async () => (await replicaMetrics()).bypassed?.value === 0, 'the replica was found fit')
    await untilReadFromReplica(reader.cookie)
    const answer = await directory(reader.cookie, 'Okafor')
    expect(answer.body.items.map((item: { id: string }) => item.id)).toContain(childId)
  })

  it('answers the events feed\'s older pages', async () => {
    const before = await replicaMetrics()
    // From the feed's start: a consumer catching up, given a full page of the school's first changes.
    const page = await callApi('/api/v1/events?limit=2', { baseUrl: server.url, token: eventsToken })
    expect(page.status).toBe(200)
    expect(page.body.items.map((item: { sequence: number }) => item.sequence)).toEqual([1, 2])
    expect((await replicaMetrics()).reads('replica fit')).toBe(before.reads('replica fit') + 1)
  })

  it('gives the nightly export its rows', async () => {
    const exporting = openDatabase(readDatabaseConfig(pair.primaryUrl, pair.standbyUrl))
    try {
      await until(async () => exporting.replica!.verdict().usable, 'this process\'s probe found the replica fit')
      const files = await produceSchoolExports({ ...schoolContext, database: exporting }, { storage: testExportStorage() })
      expect(files.length).toBeGreaterThan(0)
      const toReplica = exporting.replica!.readCounts().find(count => count.to === 'replica')?.reads ?? 0
      expect(toReplica).toBe(files.length)
    } finally {
      await exporting.close()
    }
  })

  it('leaves a session that just wrote on the primary, which has its change while the replica lags', async () => {
    await pair.pauseReplay()
    const renamed = await callApi(`/api/app/people/${childId}/name`, {
      baseUrl: server.url, method: 'PUT', headers: { cookie: office.cookie }, body: { familyName: 'Lagrange', givenNames: 'Adaeze' }
    })
    expect(renamed.status).toBe(200)
    const before = (await replicaMetrics()).reads('primary recent_write')
    const answer = await directory(office.cookie, 'Lagrange')
    expect(answer.body.items.map((item: { id: string }) => item.id)).toEqual([childId])
    expect((await replicaMetrics()).reads('primary recent_write')).toBe(before + 1)
    // The standby really lags: it still has the old name.
    expect((await standby`select family_name from people where id = ${childId}`)[0]!.family_name).toBe('Okafor')
  })

  it('is bypassed once it is further behind than the bound, and used again once it catches up', async () => {
    await until(async () => (await replicaMetrics()).bypassed?.reason === 'behind', 'the paused replica was found behind')
    const before = (await replicaMetrics()).reads('primary behind')
    // Spelled otherwise than the writer's search, so no answer kept for that one is served.
    const answer = await directory(reader.cookie, 'lagrange')
    expect(answer.body.items.map((item: { id: string }) => item.id)).toEqual([childId])
    expect((await replicaMetrics()).reads('primary behind')).toBe(before + 1)
    await pair.resumeReplay()
    await until(async () => (await replicaMetrics()).bypassed?.value === 0, 'the replica caught up')
    await untilReadFromReplica(reader.cookie)
  })

  it('is bypassed when killed, with no read failing, and used again once started', async () => {
    const before = await replicaMetrics()
    await pair.killStandby()
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await freshRead(reader.cookie))
    expect(answers.map(answer => answer.status)).toEqual([200, 200, 200, 200, 200])
    const after = await replicaMetrics()
    // Each went to the primary: at first because its read failed on the dead replica, then because the probe found it gone.
    expect(after.reads('primary fell_over') + after.reads('primary unreachable') - before.reads('primary fell_over') - before.reads('primary unreachable'))
      .toBe(5)
    expect(after.reads('replica fit')).toBe(before.reads('replica fit'))
    await until(async () => (await replicaMetrics()).bypassed?.reason === 'unreachable', 'the probe found the replica gone')
    await pair.startStandby()
    await until(async () => (await replicaMetrics()).bypassed?.value === 0, 'the restarted replica was found fit')
    await untilReadFromReplica(reader.cookie)
  })
})
