import { once } from 'node:events'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readDatabaseConfig } from '../../../../db/config'
import { callApi } from '../../../support/api'
import { startServerOnOwnDatabase, type OwnServer } from '../../../support/own-server'
import { projectRoot } from '../../../support/server-process'
import { spawnForTest } from '../../../support/spawn-for-test'

describe('reads while another process holds a long write', () => {
  let own: OwnServer
  let school: { schoolId: string, token: string }

  beforeAll(async () => {
    own = await startServerOnOwnDatabase('long-write')
    school = await own.schoolWithToken(['person.read'])
  })

  afterAll(() => own?.stop())

  /** Starts tests/support/hold-write.ts on the server's database and resolves once it holds the lock. */
  async function holdWrite(target: string, ms: number) {
    const holder = spawnForTest(process.execPath, ['--import', 'tsx', resolve(projectRoot, 'tests/support/hold-write.ts'), target, String(ms)], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: own.databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit']
    })
    const exited = once(holder, 'exit')
    const state = { released: false, exited }
    await new Promise<void>(held => createInterface({ input: holder.stdout! }).on('line', (line) => {
      if (line === 'held') held()
      if (line === 'released') state.released = true
    }))
    return state
  }

  /** GETs with a valid token, one every quarter second for `ms`, each with its status and time. */
  // Well under the five seconds a read used to wait for the writer, with room for a loaded machine.
  const promptlyMs = 3000

  async function readFor(ms: number, holder: { released: boolean }) {
    const answers: { status: number, ms: number, whileHeld: boolean }[] = []
    const until = Date.now() + ms
    while (Date.now() < until) {
      const started = performance.now()
      const answer = await callApi('/api/v1/people?limit=1', { token: school.token, baseUrl: own.server.url })
      answers.push({ status: answer.status, ms: Math.round(performance.now() - started), whileHeld: !holder.released })
      await sleep(250)
    }
    return answers
  }

  it('answers GETs with a valid token at once while another process holds the write lock for 7 s', async () => {
    const holder = await holdWrite(school.schoolId, 7000)
    const answers = await readFor(5500, holder)
    await holder.exited
    expect(answers.filter(answer => answer.status !== 200 || answer.ms > promptlyMs || !answer.whileHeld)).toEqual([])
    expect(answers.length).toBeGreaterThan(5)
  })

  // PostgreSQL's counters are rows, and a count waits only for its own row: nothing holds it for long.
  it.skipIf(readDatabaseConfig().dialect !== 'sqlite')('lets requests through uncounted, saying so once, while another process holds '
    + 'the counters', async () => {
    expect((await callApi('/api/v1/people?limit=1', { token: school.token, baseUrl: own.server.url })).status).toBe(200)
    const holder = await holdWrite('counters', 4000)
    const answers = await readFor(3000, holder)
    await holder.exited
    expect(answers.filter(answer => answer.status !== 200 || answer.ms > promptlyMs || !answer.whileHeld)).toEqual([])
    expect(own.server.output().match(/let through uncounted/g)).toHaveLength(1)
  })
})
