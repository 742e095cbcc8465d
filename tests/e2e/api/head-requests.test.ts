import { beforeAll, describe, expect, it } from 'vitest'
import { callApi } from '../../support/api'
import { documentedOperations, requestPath } from '../../support/openapi-operations'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans } from '../../support/roles-fixtures'
import { scopeNames } from '../../../server/domain/access/catalogue'

const reads = (await documentedOperations()).filter(({ method }) => method === 'get')

// Headers that differ between any two answers, or that only a body decides.
const varying = new Set(['date', 'content-length', 'x-ratelimit-remaining', 'keep-alive', 'connection'])
const steadyHeaders = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => !varying.has(name)))

describe('HEAD answers as GET without a body (uptime monitors use it)', () => {
  let token: string
  let rosteringToken: string
  let personId: string

  beforeAll(async () => {
    const school = await newSchool()
    token = await school.token(scopeNames)
    rosteringToken = await school.token(['roster.read'], { issuedVia: 'rostering' })
    ;[personId] = await addPeopleWithSpans(school, [{ familyName: 'Head', givenNames: 'Request', spans: [{ validFrom: '2020-01-28' }] }])
  })

  /** The same path asked with GET and with HEAD, with `bearer` (none when false). */
  const both = async (path: string, bearer: string | false = token) => {
    const credential = bearer || undefined
    const get = await callApi(path, { token: credential })
    const head = await callApi(path, { token: credential, method: 'HEAD' })
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
    const path = requestPath(read, name => name === 'format' ? 'oneroster' : personId)
    const { get, head } = await both(path, read.operation['x-token-issued-via'] === 'rostering' ? rosteringToken : token)
    // A file is fetched only with the grant its listing gave; without one both answers are the same refusal.
    expect(get.status).toBe(read.path.endsWith('/file') ? 403 : 200)
    expect(head.status).toBe(get.status)
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
    const { get, head } = await both(path, auth ? token : false)
    expect(get.status).toBe(status)
    expect(head.status).toBe(status)
    expect(head.body).toBe('')
    expect(steadyHeaders(head.headers)).toEqual(steadyHeaders(get.headers))
  })

  it('is not taken for a write: HEAD on a POST-only route is method_not_allowed like GET', async () => {
    const head = await callApi('/api/v1/enquiries', { token, method: 'HEAD' })
    expect(head.status).toBe(405)
    expect(head.headers.get('allow')).toBe('POST')
  })
})
