import { beforeAll, describe, expect, it } from 'vitest'
import { saveHrisMapping } from '../../../../server/domain/imports/hris-mappings'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'

const answerLimit = 256 * 1024

/** The answer's size as it travelled: its JSON in UTF-8. */
const bytesOf = (body: unknown) => Buffer.byteLength(JSON.stringify(body))

const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join('\n') + '\n'

describe('an import or sync answers small whatever the file', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let token: string
  let mappingId: string

  beforeAll(async () => {
    school = await newSchool()
    token = await school.token(['staff.import', 'people.sync'])
    mappingId = (await saveHrisMapping(school.context, {
      name: 'HR', columns: { employeeId: 'id', familyName: 'family', givenNames: 'given', startDate: 'start', role: 'role' }, dateFormat: 'YYYY-MM-DD'
    })).id
  })

  it('a staff import of 50,000 bad lines lists the first 1,000 problems and counts the rest', async () => {
    const csv = 'id,family,given,start,role\n' + lines(50_000, i => `E${i},Ng,Linh,not-a-day,Teacher`)
    const answer = await callApi('/api/v1/staff/import', { token, body: { mappingId, csv } })
    expect(answer.status).toBe(200)
    expect(answer.body.counts).toMatchObject({ rows: 50_000, created: 0, problems: 50_000 })
    expect(answer.body.problems).toHaveLength(1000)
    expect(answer.body.problems[0]).toEqual({ row: 2, column: 'start', reason: 'Not a day written YYYY-MM-DD.' })
    expect(answer.body.problems.at(-1).row).toBe(1001)
    expect(answer.body.problemsNotListed).toBe(49_000)
    expect(bytesOf(answer.body)).toBeLessThan(answerLimit)
  }, 60_000)

  it('a staff import whose bad values are long quotes none of them whole', async () => {
    const long = 'x'.repeat(3000)
    const csv = 'id,family,given,start,role\n' + lines(1300, i => `${long}${i},Ng,Linh,2020-01-01,${long}`)
    const answer = await callApi('/api/v1/staff/import', { token, body: { mappingId, csv } })
    expect(answer.status).toBe(200)
    expect(answer.body.counts.problems).toBe(2600)
    expect(answer.body.problems.length + answer.body.problemsNotListed).toBe(2600)
    expect(bytesOf(answer.body)).toBeLessThan(answerLimit)
  }, 60_000)

  it('a people sync of 50,000 unreadable lines lists the first 1,000 and counts the rest; the run fails', async () => {
    const file = 'id,familyName,givenNames,dateOfBirth\n' + lines(50_000, i => `S${i},Ng,Linh,not-a-day`)
    const answer = await callApi('/api/v1/people/sync', { token, body: { system: 'bounded', scope: 'full', file } })
    expect(answer.status).toBe(202)
    expect(answer.body.run).toMatchObject({ status: 'failed', rows: 50_000 })
    expect(answer.body.run.reason).toContain('50000 lines')
    expect(answer.body.unreadable).toHaveLength(1000)
    expect(answer.body.unreadable[0]).toEqual({ line: 2, reason: 'dateOfBirth: Not a day written YYYY-MM-DD.' })
    expect(answer.body.unreadableNotListed).toBe(49_000)
    expect(answer.body.problemsNotListed).toBe(0)
    expect(bytesOf(answer.body)).toBeLessThan(answerLimit)
  }, 60_000)

  it('a people sync whose every year level and campus is unknown and long lists at most 1,000 problems, each quoting a little', async () => {
    const long = 'y'.repeat(1500)
    const file = 'id,familyName,givenNames,dateOfBirth,yearLevel,campus\n' + lines(2500, i => `S${i},Ng,Linh,2015-01-01,${long},${long}`)
    const answer = await callApi('/api/v1/people/sync', { token, body: { system: 'bounded-long', scope: 'full', file } })
    expect(answer.status).toBe(202)
    expect(answer.body.unreadable).toEqual([])
    expect(answer.body.problems.length).toBeLessThanOrEqual(1000)
    expect(answer.body.problems.length + answer.body.problemsNotListed).toBe(5000)
    expect(answer.body.problems[0].reason.length).toBeLessThan(300)
    expect(bytesOf(answer.body)).toBeLessThan(answerLimit)
  }, 60_000)

  it.each([
    ['staff import', '/api/v1/staff/import', (csv: string) => ({ mappingId, csv })],
    ['people sync', '/api/v1/people/sync', (file: string) => ({ system: 'wide', scope: 'full', file })]
  ])('a %s whose header has 10,000 columns is refused with a short answer naming the limit', async (_, path, body) => {
    const header = ['id', 'family', 'given', 'start', 'familyName', 'givenNames', 'dateOfBirth', ...Array.from({ length: 9993 }, (_, i) => `extra column ${i}`)]
    const csv = `${header.join(',')}\n${header.map(() => 'x').join(',')}\n`
    const answer = await callApi(path, { token, body: body(csv) })
    const data = expectEnvelope(answer, 422, 'unprocessable')
    expect(data.detail.join(' ')).toMatch(/10000 columns.*at most 500/)
    expect(bytesOf(answer.body)).toBeLessThan(4096)
  }, 30_000)

  it('documents the counts of what is not listed in /_openapi.json', async () => {
    const { body } = await callApi('/_openapi.json')
    const schemas = body.components.schemas
    expect(schemas.StaffImportAnswer.properties.problemsNotListed.description).toMatch(/1,000/)
    expect(schemas.PeopleSyncAnswer.properties.unreadableNotListed.description).toMatch(/1,000/)
    expect(schemas.PeopleSyncAnswer.properties.problemsNotListed.description).toMatch(/1,000/)
  })
})
