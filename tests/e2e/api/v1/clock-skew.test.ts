import { existsSync, readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readDatabaseConfig } from '../../../../db/config'
import { callApi, type ApiAnswer } from '../../../support/api'
import { inOneMinute } from '../../../support/minute-window'
import { newSchool } from '../../../support/schools'
import { startBuiltServer, type RunningServer } from '../../../support/server-process'

/** Debian's libfaketime (`apt-get install faketime`), which shifts a process's clock; .ci/run installs it. */
function faketimeLibrary(): string | undefined {
  const found = readdirSync('/usr/lib', { withFileTypes: true })
    .filter(entry => entry.isDirectory())
    .map(entry => `/usr/lib/${entry.name}/faketime/libfaketimeMT.so.1`)
    .find(path => existsSync(path))
  return found ?? (existsSync('/usr/lib/faketime/libfaketimeMT.so.1') ? '/usr/lib/faketime/libfaketimeMT.so.1' : undefined)
}

const library = faketimeLibrary()
// On SQLite the database is a file on this machine, read by processes that share the machine's clock:
// a process whose clock is shifted reads its own. The clock to share is PostgreSQL's.
const onPostgres = readDatabaseConfig().dialect === 'postgresql'
if (onPostgres && !library) console.warn('SKIPPED: the clock-skew rate-limit test needs libfaketime (apt-get install faketime).')

describe.skipIf(!onPostgres || !library)('rate limits on two servers whose clocks differ by 40 s, on one PostgreSQL database', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let onTime: RunningServer
  let ahead: RunningServer
  // 300 a minute scaled to 30, so the limit is reached in a few requests.
  const scaled = { RATE_LIMIT_SCALE: '0.1' }

  beforeAll(async () => {
    school = await newSchool()
    ;[onTime, ahead] = await Promise.all([
      startBuiltServer(scaled),
      startBuiltServer({ ...scaled, LD_PRELOAD: library, FAKETIME: '+40s', DONT_FAKE_MONOTONIC: '1' })
    ])
  })

  afterAll(() => Promise.all([onTime?.stop(), ahead?.stop()]))

  it('runs the second server\'s clock 40 s ahead', async () => {
    const [first, second] = await Promise.all([onTime, ahead].map(server => fetch(`${server.url}/api/hello`)))
    const skew = Date.parse(second!.headers.get('date')!) - Date.parse(first!.headers.get('date')!)
    expect(skew).toBeGreaterThanOrEqual(38_000)
    expect(skew).toBeLessThanOrEqual(42_000)
  })

  it('counts the database\'s minute on both: together at most the limit, and the same Retry-After', async () => {
    // From 21 s into the minute the server ahead is already in the next minute by its own clock; all forty in one
    // database minute however long the machine takes (a fresh token each try).
    const answers = await inOneMinute(10, async () => {
      const token = await school.token(['person.read'])
      const answers: { server: string, answer: ApiAnswer }[] = []
      for (let round = 0; round < 4; round++) {
        answers.push(...await Promise.all(Array.from({ length: 10 }, async (_, i) => {
          const server = i % 2 ? ahead : onTime
          return { server: server.url, answer: await callApi('/api/v1/people?limit=1', { token, baseUrl: server.url }) }
        })))
      }
      return answers
    }, { notBefore: 21 })
    expect(answers.filter(({ answer }) => answer.status === 200)).toHaveLength(30)
    expect(answers.filter(({ answer }) => answer.status === 429)).toHaveLength(10)

    const retryAfter = (server: RunningServer) => answers
      .filter(item => item.server === server.url && item.answer.status === 429)
      .map(item => Number(item.answer.headers.get('retry-after')))
    const all = [...retryAfter(onTime), ...retryAfter(ahead)]
    expect(retryAfter(onTime).length).toBeGreaterThan(0)
    expect(retryAfter(ahead).length).toBeGreaterThan(0)
    expect(Math.max(...all) - Math.min(...all)).toBeLessThanOrEqual(1)
    // The database runs on this machine in the tests, so its minute ends when this clock's does.
    const untilMinuteEnds = 60 - (Date.now() % 60_000) / 1000
    expect(Math.abs(Math.min(...all) - untilMinuteEnds)).toBeLessThanOrEqual(2)
  })
})
