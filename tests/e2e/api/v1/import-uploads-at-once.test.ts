import { get } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveHrisMapping } from '../../../../server/domain/imports/hris-mappings'
import { maxCsvBytes } from '../../../../server/domain/imports/read-csv'
import type { ApiAnswer } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { peakResidentBytes, residentBytes } from '../../../support/process-memory'
import { newSchool } from '../../../support/schools'
import { startBuiltServer, type RunningServer } from '../../../support/server-process'

const megabyte = 1024 * 1024

/**
 * `/health`'s status over a connection of its own: a kept-alive one can be closed by the server just as
 * the next probe goes out on it (ECONNRESET), which says nothing of whether the server answers.
 */
function probeHealth(baseUrl: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${baseUrl}/health`, { agent: false }, (answer) => {
      answer.resume()
      answer.on('end', () => resolve(answer.statusCode!))
    }).on('error', reject)
  })
}

/** A file of `header` and then `line` over and over, just under the 8 MiB a file may be. */
function fullFile(header: string, line: (i: number) => string): string {
  const parts = [header]
  let size = header.length
  for (let i = 0; ; i++) {
    const next = line(i)
    if (size + next.length > maxCsvBytes) break
    parts.push(next)
    size += next.length
  }
  return parts.join('')
}

// A server of its own, so its memory is this test's alone.
describe('ten 8 MiB uploads at once', () => {
  let server: RunningServer

  beforeAll(async () => {
    server = await startBuiltServer()
  })

  afterAll(() => server?.stop())

  it('keep /health answering within a second and the server under 512 MB; an upload past the few at once is rate_limited with Retry-After', async () => {
    // Encoded beforehand, so the test's own event loop is free to time /health while they go.
    const uploads: { path: string, token: string, body: Uint8Array<ArrayBuffer> }[] = []
    for (let i = 0; i < 10; i++) {
      const school = await newSchool({ name: `Upload school ${i}` })
      if (i % 2) {
        const token = await school.token(['people.sync'])
        const file = fullFile('id,familyName,givenNames,dateOfBirth\n', n => `S${n},Ng,Linh,not-a-day\n`)
        uploads.push({ path: '/api/v1/people/sync', token, body: new TextEncoder().encode(JSON.stringify({ system: 'sis', scope: 'full', file })) })
      } else {
        const token = await school.token(['staff.import'])
        const { id: mappingId } = await saveHrisMapping(school.context, {
          name: 'HR', columns: { employeeId: 'id', familyName: 'family', givenNames: 'given', startDate: 'start' }, dateFormat: 'YYYY-MM-DD'
        })
        const csv = fullFile('id,family,given,start\n', n => `E${n},Ng,Linh,not-a-day\n`)
        uploads.push({ path: '/api/v1/staff/import', token, body: new TextEncoder().encode(JSON.stringify({ mappingId, csv })) })
      }
    }
    const pid = server.process.pid!
    const healthTimes: number[] = []
    const rss: number[] = []
    let sending = true
    const watch = (async () => {
      while (sending) {
        const started = performance.now()
        const status = await probeHealth(server.url)
        healthTimes.push(performance.now() - started)
        expect(status).toBe(200)
        rss.push(residentBytes(pid))
        await new Promise(resolve => setTimeout(resolve, 100))
      }
    })()
    const answers: ApiAnswer[] = await Promise.all(uploads.map(async ({ path, token, body }) => {
      const response = await fetch(
        `${server.url}${path}`, { method: 'POST', headers: { 'authorization': `Bearer ${token}`, 'content-type': 'application/json' }, body }
      )
      return { status: response.status, headers: response.headers, body: await response.json() }
    }))
    sending = false
    await watch

    const taken = answers.filter(answer => answer.status !== 429)
    expect(taken.length).toBeGreaterThanOrEqual(2)
    for (const answer of taken) expect([200, 202]).toContain(answer.status)
    for (const answer of answers.filter(answer => answer.status === 429)) {
      expectEnvelope(answer, 429, 'rate_limited')
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect(healthTimes.length).toBeGreaterThan(3)
    // The server keeps answering while it reads: the typical probe within a second. The slowest is held
    // to a looser bound, since CI runs both databases' suites side by side on two cores and a probe can
    // wait on the machine rather than on the server; a server that parsed a file in one piece kept
    // /health waiting 2-3 s on every probe, which the median catches.
    const sorted = [...healthTimes].sort((a, b) => a - b)
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(1000)
    // The slowest only as a hang guard: on 28 November, with the machine's load average near 20, one probe took over 5 s.
    expect(sorted.at(-1)).toBeLessThan(15_000)
    expect(Math.max(...rss)).toBeLessThan(512 * megabyte)
    expect(peakResidentBytes(pid)).toBeLessThan(512 * megabyte)
  }, 120_000)
})
