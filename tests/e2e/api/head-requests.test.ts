import { beforeAll, describe, expect, it } from 'vitest'
import { callApi } from '../../support/api'
import { documentedOperations, requestPath } from '../../support/openapi-operations'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans } from '../../support/roles-fixtures'
import { scopeNames } from '../../../server/domain/tokens/scopes'

const reads = (await documentedOperations()).filter(({ method }) => method === 'get')

// Headers that differ between any two answers, or that only a body decides.
const varying = new Set(['date', 'content-length', 'x-ratelimit-remaining', 'keep-alive', 'connection'])
const steadyHeaders = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => !varying.has(name)))

describe('HEAD answers as GET without a body (uptime monitors use it)', () => {
  let token: string
  let personId: string

  beforeAll(async () => {
    const school = await newSchool()
    token = await school.token(scopeNames)
    ;[personId] = await addPeopleWithSpans(school, [{ familyName: 'Head', givenNames: 'Request', spans: [{ validFrom: '2020-01-28' }] }])
  })

  const both = async (path: string, auth = true) => {
    const get = await callApi(path, { token: auth ? token : undefined })
    const head = await callApi(path, { token: auth ? token : undefined, method: 'HEAD' })
    return { get, head }
  }

  it.each(['/health', '/_openapi.json'])('%s', async (path) => {
    const { get, head } = await both(path, false)
    expect(get.status).toBe(200)
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    expect(steadyHeaders(head.headers)).toEqual(steadyHeaders(get.headers))
  })

  it.each(reads)('get $path', async (read) => {
    const { get, head } = await both(requestPath(read, () => personId))
    expect(get.status).toBe(200)
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    expect(steadyHeaders(head.headers)).toEqual(steadyHeaders(get.headers))
    expect(head.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/)
  })

  it.each([
    ['without a token', '/api/v1/people', false, 401],
    ['an unknown person', '/api/v1/people/per_nobody', true, 404],
    ['a wrong query', '/api/v1/people?limit=0x10', true, 400],
    ['an unknown route', '/api/v1/nothing', true, 404]
  ])('and refuses as GET does: %s', async (_, path, auth, status) => {
    const { get, head } = await both(path, auth)
    expect(get.status).toBe(status)
    expect(head.status).toBe(status)
    expect(head.body).toBe('')
    expect(steadyHeaders(head.headers)).toEqual(steadyHeaders(get.headers))
  })

  it('is not taken for a write: HEAD on a POST-only route is not_found like GET', async () => {
    expect((await callApi('/api/v1/enquiries', { token, method: 'HEAD' })).status).toBe(404)
  })
})
