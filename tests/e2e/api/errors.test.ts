import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { schools } from '../../../db/schema'
import { callApi } from '../../support/api'
import { expectEnvelope } from '../../support/envelope'
import { newSchool } from '../../support/schools'
import { serverLogContains, serverLogLinesWith, wholeServerLog } from '../../support/server-log'
import { runSql } from '../../support/claim-queue'

describe('every failure is the error envelope', () => {
  let token: string

  beforeAll(async () => {
    const school = await newSchool()
    token = await school.token(['person.read', 'enquiry.write'])
  })

  it('answers an unknown route with not_found, even to a browser', async () => {
    expectEnvelope(await callApi('/api/v1/nothing-here', { token }), 404, 'not_found')
    expectEnvelope(await callApi('/api/nope', { headers: { accept: 'text/html' } }), 404, 'not_found')
  })

  it.each([
    ['DELETE', '/api/v1/people', 'GET, HEAD'],
    ['POST', '/api/v1/people', 'GET, HEAD'],
    ['PUT', '/api/v1/people/per_abc', 'GET, HEAD'],
    ['GET', '/api/v1/enquiries', 'POST'],
    ['POST', '/api/app/roles', 'GET, HEAD'],
    ['PATCH', '/api/app/tokens/tok_abc', 'DELETE'],
    ['GET', '/api/app/tokens/rostering', 'POST, DELETE'],
    ['OPTIONS', '/api/app/session', 'GET, HEAD, DELETE']
  ])('answers %s %s, a method the path does not serve, with 405 and the methods it does serve in Allow', async (method, path, allow) => {
    const answer = await callApi(path, { token, method, ...(method === 'POST' ? { body: {} } : {}) })
    expectEnvelope(answer, 405, 'method_not_allowed')
    expect(answer.headers.get('allow')).toBe(allow)
  })

  it('answers a wrong method without a credential the same way: which methods a path has is public', async () => {
    const answer = await callApi('/api/v1/people', { method: 'DELETE' })
    expectEnvelope(answer, 405, 'method_not_allowed')
    expect(answer.headers.get('allow')).toBe('GET, HEAD')
  })

  it('refuses malformed JSON and a body that is not JSON with bad_request', async () => {
    expectEnvelope(await callApi('/api/v1/enquiries', { token, body: '{"student": ', headers: { 'content-type': 'application/json' } }), 400, 'bad_request')
    expectEnvelope(
      await callApi('/api/v1/enquiries', { token, body: 'student=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 400,
      'bad_request'
    )
  })

  it('names every wrong field of a body at once', async () => {
    const answer = await callApi(
      '/api/v1/enquiries',
      { token, body: { student: { familyName: '' }, enquirer: { familyName: 'A', givenNames: 'B', email: 'nope' }, colour: 'red' } }
    )
    const data = expectEnvelope(answer, 400, 'validation_failed')
    expect(data.fields!.map(f => f.path).sort()).toEqual(['colour', 'enquirer.email', 'student.familyName', 'student.givenNames'])
  })

  it('refuses a NUL character, which one of the databases could not store', async () => {
    const answer = await callApi(
      '/api/v1/enquiries',
      { token, body: { student: { familyName: 'A\u0000', givenNames: 'B' }, enquirer: { familyName: 'C', givenNames: 'D', phone: '0400 000 000' } } }
    )
    expect(expectEnvelope(answer, 400, 'validation_failed').fields!.map(f => f.path)).toEqual(['student.familyName'])
  })
})

describe('a fault on the service side', () => {
  it('is internal (500) with a trace id that is also in the log, and nothing of the fault itself', async () => {
    // A school whose stored settings are not JSON makes the server throw a plain (non-HTTP) error.
    const school = await newSchool()
    const token = await school.token(['person.read'])
    await school.database.transaction(tx => tx.update(schools).set({ lists: '{not json' }).where(eq(schools.id, school.id)))

    const answer = await callApi('/api/v1/people', { token })
    const data = expectEnvelope(answer, 500, 'internal')
    expect(JSON.stringify(answer.body)).not.toMatch(/json|token|position/i)
    expect(await serverLogContains(data.traceId)).toBe(true)
  })

  it('logs one line with the trace id and the error\'s class and message, and none of the request\'s data', async () => {
    // A trigger refuses this school's people only, so the enquiry fails inside its insert, whose
    // parameters (the names and contact sent) the database driver puts into its error.
    const school = await newSchool()
    const token = await school.token(['enquiry.write'])
    const trigger = `fault_test_${school.id}`
    if (school.database.dialect === 'sqlite') {
      await runSql(
        school.database,
        `create trigger ${trigger} before insert on people when new.school_id = '${school.id}' begin select raise(abort, 'refused by the fault test'); end`
      )
    } else {
      await runSql(
        school.database,
        `create or replace function fault_test_refuse() returns trigger as $$ begin raise exception 'refused by the fault test'; end $$ language plpgsql`
      )
      await runSql(
        school.database,
        `create trigger ${trigger} before insert on people for each row when (new.school_id = '${school.id}') execute function fault_test_refuse()`
      )
    }
    try {
      const sent = { familyName: 'Quixwhistle', givenNames: 'Perpetua', email: 'perpetua.quixwhistle@example.org' }
      const answer = await callApi('/api/v1/enquiries', { token, body: { student: { familyName: sent.familyName, givenNames: 'Tobias' }, enquirer: sent } })
      const data = expectEnvelope(answer, 500, 'internal')
      const lines = await serverLogLinesWith(data.traceId)
      const log = wholeServerLog()
      for (const value of [...Object.values(sent), 'Tobias']) expect(log).not.toContain(value)
      expect(lines).toHaveLength(1)
      // The school's id stands in the request's line as its caller, and nowhere else (not as an insert's parameter).
      expect(log.split('\n').filter(text => text.includes(school.id))).toEqual(lines)
      const line = JSON.parse(lines[0]!)
      expect(line).toMatchObject({ traceId: data.traceId, method: 'POST', route: '/api/v1/enquiries', status: 500, code: 'internal', schoolId: school.id })
      expect(line.fault).toMatch(/^\w*Error: /)
      expect(line.fault).toContain('refused by the fault test')
      expect(JSON.stringify(answer.body)).not.toMatch(/fault test|insert|people/i)
    } finally {
      await runSql(school.database, school.database.dialect === 'sqlite' ? `drop trigger ${trigger}` : `drop trigger ${trigger} on people`)
    }
  })
})
