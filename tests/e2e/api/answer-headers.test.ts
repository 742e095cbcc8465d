import { beforeAll, describe, expect, it } from 'vitest'
import { callApi, type ApiAnswer } from '../../support/api'
import { newSchool } from '../../support/schools'

const expectApiHeaders = (answer: ApiAnswer) => {
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
  expect(answer.headers.get('cache-control')).toBe('no-store')
  expect(answer.headers.get('x-powered-by')).toBeNull()
}

describe('headers on every /api/v1 answer', () => {
  let token: string
  let readOnly: string

  beforeAll(async () => {
    const school = await newSchool()
    token = await school.token(['person.read', 'enquiry.write'])
    readOnly = await school.token(['affiliation.read'])
  })

  it.each([
    ['200', () => callApi('/api/v1/people', { token }), 200],
    ['201', () => callApi(
      '/api/v1/enquiries',
      { token, body: { student: { familyName: 'A', givenNames: 'B' }, enquirer: { familyName: 'C', givenNames: 'D', phone: '0400 000 000' } } }
    ), 201],
    ['400 bad_request', () => callApi('/api/v1/enquiries', { token, body: '{', headers: { 'content-type': 'application/json' } }), 400],
    ['400 validation_failed', () => callApi('/api/v1/people?limit=0', { token }), 400],
    ['401', () => callApi('/api/v1/people'), 401],
    ['403', () => callApi('/api/v1/people', { token: readOnly }), 403],
    ['404 unknown person', () => callApi('/api/v1/people/per_nobody', { token }), 404],
    ['404 unknown route', () => callApi('/api/v1/nothing-here', { token }), 404],
    ['405 wrong method', () => callApi('/api/v1/people', { token, method: 'DELETE' }), 405],
    ['404 outside v1', () => callApi('/api/nope'), 404],
    ['413', () => callApi('/api/v1/enquiries', { token, body: `"${'x'.repeat(1_100_000)}"` }), 413]
  ])('%s carries nosniff and no-store, and says nothing of what serves it', async (_, call, status) => {
    const answer = await call()
    expect(answer.status).toBe(status)
    expectApiHeaders(answer)
  })

  it('401 asks for a bearer token', async () => {
    const answer = await callApi('/api/v1/people', { token: 'rbk_' + 'x'.repeat(40) })
    expect(answer.status).toBe(401)
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/)
  })

  it('pages do not say what serves them either', async () => {
    const page = await callApi('/', { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('x-powered-by')).toBeNull()
    const missing = await callApi('/no-such-page', { headers: { accept: 'text/html' } })
    expect(missing.headers.get('x-powered-by')).toBeNull()
  })
})
