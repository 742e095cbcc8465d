import { request } from 'node:http'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { syncRuns } from '../../../../db/schema'
import { saveHrisMapping } from '../../../../server/domain/imports/hris-mappings'
import { maxCsvBytes } from '../../../../server/domain/imports/read-csv'
import { importBodyLimit } from '../../../../server/domain/imports/import-limits'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { settleRun, syncFile, syncPeople } from '../../../support/sync-files'
import { showSyncRun } from '../../../../server/domain/imports/list-sync-runs'

/**
 * Streams a chunked body past `bytes` and then holds the request open without ending it, so the only
 * answer that can come is one given before the body was read to its end: a server that read it all first
 * would wait for the end forever and the test would time out, however fast or slow the machine.
 * `status` is null when the server closed the connection instead of answering.
 */
function streamPastWithoutEnding(path: string, token: string, bytes: number): Promise<{ status: number | null, body: any }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, inject('baseUrl'))
    const req = request(
      url, { method: 'POST', headers: { 'authorization': `Bearer ${token}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }
    )
    let sent = 0
    let answered = false
    const chunk = Buffer.alloc(64 * 1024, 'a')
    req.on('response', (res) => {
      answered = true
      let text = ''
      res.on('data', (d) => {
        text += d
      })
      res.on('end', () => {
        resolve({ status: res.statusCode!, body: JSON.parse(text) })
        req.destroy()
      })
    })
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ status: null, body: null })
      else reject(error)
    })
    const pump = () => {
      while (!answered && sent < bytes) {
        sent += chunk.length
        if (!req.write(sent === chunk.length ? Buffer.concat([Buffer.from('{"system":"sis","scope":"full","file":"'), chunk]) : chunk)) {
          return req.once('drain', pump)
        }
      }
    }
    pump()
  })
}

describe('imports over /api/v1', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let token: string

  beforeAll(async () => {
    school = await newSchool()
    token = await school.token(['staff.import', 'people.sync'])
  })

  it('imports staff by a saved mapping and answers run, problems and counts', async () => {
    const { id: mappingId } = await saveHrisMapping(school.context, {
      name: 'HR', columns: { employeeId: 'id', familyName: 'family', givenNames: 'given', startDate: 'start' }, dateFormat: 'YYYY-MM-DD'
    })
    const answer = await callApi(
      '/api/v1/staff/import', { token, body: { mappingId, csv: 'id,family,given,start\nE1,Ng,Linh,2020-01-27\nE2,Bad,Day,2020-13-01\n' } }
    )
    expect(answer.status).toBe(200)
    expect(answer.body.counts).toEqual({ rows: 2, created: 1, opened: 1, closed: 0, checks: 0, problems: 1 })
    expect(answer.body.problems).toEqual([{ row: 3, column: 'start', reason: 'Not a day written YYYY-MM-DD.' }])
    const other = await newSchool()
    expectEnvelope(await callApi('/api/v1/staff/import', { token: await other.token(['staff.import']), body: { mappingId, csv: 'id\n' } }), 404, 'not_found')
    const data = expectEnvelope(
      await callApi('/api/v1/staff/import', { token: await school.token(['people.sync']), body: { mappingId, csv: 'x' } }), 403, 'forbidden'
    )
    expect(data.detail.join(' ')).toContain('staff.import')
  })

  it('stages a people sync (202), a worker applies it within seconds, and a replay with the same Idempotency-Key returns the first answer', async () => {
    const body = { system: 'sis', scope: 'full', file: syncFile(syncPeople(50)) }
    const headers = { 'idempotency-key': 'sync-1' }
    const first = await callApi('/api/v1/people/sync', { token, body, headers })
    expect(first.status).toBe(202)
    expect(first.body).toMatchObject({ run: { status: 'queued', rows: 50, system: 'sis', scope: 'full' }, unreadable: [], problems: [] })
    const replay = await callApi('/api/v1/people/sync', { token, body, headers })
    expect(replay.status).toBe(202)
    expect(replay.headers.get('idempotency-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    const until = Date.now() + 10_000
    let status = 'queued'
    while (Date.now() < until && status !== 'paused') {
      await new Promise(resolve => setTimeout(resolve, 200))
      status = (await school.database.db.select().from(syncRuns).where(eq(syncRuns.id, first.body.run.id)))[0]!.status
    }
    expect(status).toBe('paused')
    expect((await school.database.db.select().from(syncRuns).where(eq(syncRuns.schoolId, school.id))).length).toBe(1)
  })

  it('answers a queued run\'s counts as null, not 0, until it is planned, and says so in the OpenAPI document', async () => {
    const unknown = { created: null, amended: null, absent: null, unchanged: null }
    const staged = await callApi('/api/v1/people/sync', { token, body: { system: 'counted', scope: 'full', file: syncFile(syncPeople(3)) } })
    expect(staged.body.run).toMatchObject({ status: 'queued', rows: 3, done: 0, ...unknown })
    await settleRun(school.database, staged.body.run.id)
    expect((await showSyncRun(school.context, staged.body.run.id)).run).toMatchObject({ status: 'paused', created: 3, amended: 0, absent: 0, unchanged: 0 })
    const failed = await callApi(
      '/api/v1/people/sync', { token, body: { system: 'counted', scope: 'changes', file: 'id,familyName,givenNames,dateOfBirth\nA,B\n' } }
    )
    expect(failed.body.run).toMatchObject({ status: 'failed', ...unknown })
    const document = (await callApi('/_openapi.json')).body
    for (const count of ['created', 'amended', 'absent', 'unchanged']) {
      expect(JSON.stringify(document.components.schemas.SyncRun.properties[count])).toContain('null')
    }
  })

  it('fails a file with unreadable lines at once, naming each', async () => {
    const answer = await callApi(
      '/api/v1/people/sync',
      { token, body: { system: 'sis', scope: 'changes', file: 'id,familyName,givenNames,dateOfBirth\nA,B,C,2015-01-01\nB,C\nC,D,E,01/01/2015\n' } }
    )
    expect(answer.status).toBe(202)
    expect(answer.body.run.status).toBe('failed')
    expect(answer.body.unreadable).toEqual([
      { line: 3, reason: 'The line has 2 fields; the header has 4.' },
      { line: 4, reason: 'dateOfBirth: Not a day written YYYY-MM-DD.' }
    ])
  })

  it('refuses a NUL by its line, bytes that are not UTF-8, and an unknown system name', async () => {
    const nul = expectEnvelope(await callApi(
      '/api/v1/people/sync',
      { token, body: { system: 'sis', scope: 'full', file: 'id,familyName,givenNames,dateOfBirth\nA,B\u0000,C,2015-01-01\n' } }
    ), 400, 'validation_failed')
    expect(nul.fields).toContainEqual({ path: 'file', message: 'Line 2 holds a NUL character.' })
    const latin1 = Buffer.concat([
      Buffer.from('{"system":"sis","scope":"full","file":"id,familyName,givenNames,dateOfBirth\\nA,Se'), Buffer.from([0xe1]),
      Buffer.from('n,C,2015-01-01\\n"}')
    ])
    const notUtf8 = await fetch(
      `${inject('baseUrl')}/api/v1/people/sync`,
      { method: 'POST', headers: { 'authorization': `Bearer ${token}`, 'content-type': 'application/json' }, body: latin1 }
    )
    expect(notUtf8.status).toBe(400)
    expect((await notUtf8.json()).data.code).toBe('bad_request')
    const lone = expectEnvelope(await callApi(
      '/api/v1/people/sync',
      { token, body: '{"system":"sis","scope":"full","file":"id,familyName,givenNames,dateOfBirth\\nA,\\ud800,C,2015-01-01\\n"}' }
    ), 400, 'validation_failed')
    expect(lone.fields).toEqual([{ path: 'file', message: 'Line 2 is not UTF-8 text.' }])
    expect(fieldPaths(await callApi('/api/v1/people/sync', { token, body: { system: '#hris', scope: 'all', file: 'x' } }))).toEqual(['scope', 'system'])
  })

  it('takes exactly 8 MiB of CSV and refuses 8 MiB and one byte with payload_too_large', async () => {
    const lines = ['id,familyName,givenNames,dateOfBirth\n']
    let size = lines[0]!.length
    for (let i = 0; size < maxCsvBytes - 1000; i++) {
      lines.push(`P${String(i).padStart(7, '0')},Family,Given,2015-01-01\n`)
      size += lines.at(-1)!.length
    }
    // The last line takes up what is left: its family name is too long to be a name, so the line is unreadable.
    lines.push(`Q,${'F'.repeat(maxCsvBytes - size - 16)},G,2015-01-01\n`)
    const file = lines.join('')
    expect(Buffer.byteLength(file)).toBe(maxCsvBytes)
    const fits = await callApi('/api/v1/people/sync', { token, body: { system: 'big', scope: 'full', file } })
    expect(fits.status).toBe(202)
    expect(fits.body.run.status).toBe('failed') // the padded last name is longer than a name may be
    expect(fits.body.unreadable).toHaveLength(1)
    const over = expectEnvelope(
      await callApi('/api/v1/people/sync', { token, body: { system: 'big', scope: 'full', file: `${file}x` } }), 413, 'payload_too_large'
    )
    expect(over.detail[0]).toContain(String(maxCsvBytes))
  }, 120_000)

  it('refuses a body past the limit from its Content-Length, and a chunked one while it streams, without reading it all', async () => {
    const declared = await new Promise<number>((resolve, reject) => {
      const req = request(new URL('/api/v1/people/sync', inject('baseUrl')), {
        method: 'POST',
        headers: { 'authorization': `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(importBodyLimit + 1) }
      })
      req.on('response', (res) => {
        res.resume()
        resolve(res.statusCode!)
        req.destroy()
      })
      req.on('error', reject)
      // No byte of the body is sent: the answer comes from the declared length alone.
      req.flushHeaders()
    })
    expect(declared).toBe(413)
    const streamed = await streamPastWithoutEnding('/api/v1/people/sync', token, importBodyLimit + 1024 * 1024)
    if (streamed.status !== null) {
      expect(streamed.status).toBe(413)
      expect(streamed.body.data.code).toBe('payload_too_large')
    }
  }, 120_000)
})
