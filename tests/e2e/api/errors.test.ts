import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { schools } from '../../../db/schema'
import { callApi } from '../../support/api'
import { expectEnvelope } from '../../support/envelope'
import { newSchool } from '../../support/schools'
import { serverLogContains } from '../../support/server-log'

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

  it('answers a method the path does not serve with not_found, not the app\'s HTML', async () => {
    expectEnvelope(await callApi('/api/v1/people', { token, method: 'DELETE' }), 404, 'not_found')
    expectEnvelope(await callApi('/api/v1/people', { token, method: 'POST', body: {} }), 404, 'not_found')
  })

  it('refuses malformed JSON and a body that is not JSON with bad_request', async () => {
    expectEnvelope(await callApi('/api/v1/enquiries', { token, body: '{"student": ', headers: { 'content-type': 'application/json' } }), 400, 'bad_request')
    expectEnvelope(await callApi('/api/v1/enquiries', { token, body: 'student=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 400, 'bad_request')
  })

  it('names every wrong field of a body at once', async () => {
    const answer = await callApi('/api/v1/enquiries', { token, body: { student: { familyName: '' }, enquirer: { familyName: 'A', givenNames: 'B', email: 'nope' }, colour: 'red' } })
    const data = expectEnvelope(answer, 400, 'validation_failed')
    expect(data.fields!.map(f => f.path).sort()).toEqual(['colour', 'enquirer.email', 'student.familyName', 'student.givenNames'])
  })

  it('refuses a NUL character, which one of the databases could not store', async () => {
    const answer = await callApi('/api/v1/enquiries', { token, body: { student: { familyName: 'A\u0000', givenNames: 'B' }, enquirer: { familyName: 'C', givenNames: 'D', phone: '0400 000 000' } } })
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
})
