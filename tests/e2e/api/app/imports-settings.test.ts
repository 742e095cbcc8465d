import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { activity, syncRuns } from '../../../../db/schema'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'
import { settleRun, syncFile, syncPeople } from '../../../support/sync-files'

type School = Awaited<ReturnType<typeof newSchool>>

// The HRIS import and people sync screens' routes (docs/screens.md) over the imports domain.
describe('/api/app/hris and /api/app/sync-runs', () => {
  let school: School
  let cookie: string
  beforeAll(async () => {
    school = await newSchool({ name: 'Imports Settings High' })
    cookie = (await staffSession(school, 'admin')).cookie
  })
  const app = (path: string, body?: unknown, method?: string) => callApi(path, { body, method, headers: { cookie } })

  it('reads a sample\'s columns and first lines, and refuses one past 8 MiB as payload_too_large', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `E${i},Family ${i},Given,2020-01-0${1 + (i % 9)}`)
    const answer = await app('/api/app/hris/sample', { csv: ['Employee,Surname,First,Start', ...lines].join('\n') })
    expect(answer.status).toBe(200)
    expect(answer.body.columns).toEqual(['Employee', 'Surname', 'First', 'Start'])
    expect(answer.body.lines).toHaveLength(10)
    expect(answer.body.lines[0]).toEqual({ line: 2, values: ['E0', 'Family 0', 'Given', '2020-01-01'] })

    const tooLarge = `a,b\n${'x'.repeat(8 * 1024 * 1024)},1\n`
    expectEnvelope(await app('/api/app/hris/sample', { csv: tooLarge }), 413, 'payload_too_large')
  })

  it('previews lines by a mapping being made: days read in its format, what cannot be read named', async () => {
    const answer = await app('/api/app/hris/preview', {
      columns: { employeeId: 'No', startDate: 'Start', role: 'Missing' },
      dateFormat: 'DD/MM/YYYY',
      header: ['No', 'Start'],
      lines: [{ line: 2, values: ['E1', '31/01/2024'] }, { line: 3, values: ['E2', '2024-01-31'] }]
    })
    expect(answer.status).toBe(200)
    const [first, second] = answer.body.items
    expect(first.fields).toEqual([
      { field: 'employeeId', column: 'No', value: 'E1', read: 'E1' },
      { field: 'startDate', column: 'Start', value: '31/01/2024', read: '2024-01-31' },
      { field: 'role', column: 'Missing', value: null, read: null, problem: 'The sample has no column "Missing".' }
    ])
    expect(second.fields[1]).toMatchObject({ read: null, problem: 'Not a day written DD/MM/YYYY.' })
  })

  it('saves a mapping with its Activity entry, and names a duplicated column beside its field', async () => {
    const body = { name: 'Payroll', columns: { employeeId: 'No', familyName: 'Surname', givenNames: 'First', startDate: 'Start' }, dateFormat: 'YYYY-MM-DD' }
    const saved = await app('/api/app/hris/mappings', body)
    expect(saved.status).toBe(200)
    const entries = await school.database.db.select().from(activity).where(and(eq(activity.schoolId, school.id), eq(activity.subjectId, saved.body.id)))
    expect(entries.map(entry => [entry.kind, entry.actor.startsWith('staff:')])).toEqual([['hris_mapping.saved', true]])
    expect((await app('/api/app/hris/mappings')).body.items.map((m: { id: string }) => m.id)).toContain(saved.body.id)

    const clash = await app('/api/app/hris/mappings', { ...body, name: 'Other', columns: { ...body.columns, givenNames: 'Surname' } })
    expectEnvelope(clash, 400, 'validation_failed')
    expect(clash.body.data.fields.map((f: { path: string }) => f.path)).toEqual(['columns.givenNames'])
  })

  it('lists a paused run\'s planned creations a page at a time, and another school\'s run is not found', async () => {
    const token = await school.token(['people.sync'])
    const sent = await callApi('/api/v1/people/sync', { token, body: { system: 'PagedSIS', scope: 'full', file: syncFile(syncPeople(25)) } })
    const runId = sent.body.run.id
    expect((await settleRun(school.database, runId)).status).toBe('paused')

    const detail = await app(`/api/app/sync-runs/${runId}`)
    expect(detail.body.run).toMatchObject({ status: 'paused', created: 25, reason: 'This is the system\'s first run: confirm it to apply.' })
    const first = await app(`/api/app/sync-runs/${runId}/changes?kind=create&limit=20`)
    expect(first.body.items).toHaveLength(20)
    expect(first.body.items[0]).toEqual({
      personId: null, sourceId: 'S00001', familyName: 'Family1', givenNames: 'Given 1',
      fields: [
        { field: 'familyName', before: null, after: 'Family1' }, { field: 'givenNames', before: null, after: 'Given 1' },
        { field: 'dateOfBirth', before: null, after: '2015-01-10' }, { field: 'yearLevel', before: null, after: '3' }
      ]
    })
    const second = await app(`/api/app/sync-runs/${runId}/changes?kind=create&limit=20&cursor=${encodeURIComponent(first.body.nextCursor)}`)
    expect(second.body.items.map((item: { sourceId: string }) => item.sourceId)).toEqual(['S00021', 'S00022', 'S00023', 'S00024', 'S00025'])
    expect(second.body.nextCursor).toBeNull()
    expect((await app(`/api/app/sync-runs/${runId}/changes?kind=close`)).body.items).toEqual([])
    expect((await app('/api/app/sync-runs?limit=1')).body.items[0].id).toBe(runId)

    const other = await newSchool()
    const outsider = (await staffSession(other, 'admin')).cookie
    expectEnvelope(await callApi(`/api/app/sync-runs/${runId}`, { headers: { cookie: outsider } }), 404, 'not_found')
    expectEnvelope(await callApi(`/api/app/sync-runs/${runId}/confirm`, { method: 'POST', headers: { cookie: outsider } }), 404, 'not_found')

    const cancelled = await app(`/api/app/sync-runs/${runId}/cancel`, undefined, 'POST')
    expect(cancelled.body.status).toBe('cancelled')
    const [row] = await school.database.db.select({ status: syncRuns.status }).from(syncRuns).where(eq(syncRuns.id, runId))
    expect(row!.status).toBe('cancelled')
    const entries = await school.database.db.select({ kind: activity.kind }).from(activity).where(eq(activity.subjectId, runId))
    expect(entries.map(entry => entry.kind)).toEqual(['sync_run.cancelled'])
  })

  it('lists a failed run\'s unreadable lines by line number', async () => {
    const token = await school.token(['people.sync'])
    const file = syncFile(syncPeople(3)).replace('S00002,Family2', 'S00002,"Family2')
    const sent = await callApi('/api/v1/people/sync', { token, body: { system: 'BrokenSIS', scope: 'changes', file } })
    expect(sent.body.run.status).toBe('failed')
    const lines = await app(`/api/app/sync-runs/${sent.body.run.id}/unreadable`)
    expect(lines.body.items.length).toBeGreaterThan(0)
    expect(lines.body.items[0].line).toBe(3)
  })
})
