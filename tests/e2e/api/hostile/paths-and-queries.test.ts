import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { scopeNames } from '../../../../server/domain/access/catalogue'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { documentedOperations, requestPath } from '../../../support/openapi-operations'
import { rawRequest } from '../../../support/raw-http'
import { newSchool } from '../../../support/schools'
import { serverLogLinesWith, wholeServerLog } from '../../../support/server-log'

const operations = await documentedOperations()
const reads = operations.filter(({ method }) => method === 'get')
const queryParameters = reads.flatMap(read => (read.operation.parameters ?? [])
  .filter((parameter: any) => parameter.in === 'query')
  .map((parameter: any) => ({ read, name: parameter.name as string })))
// An export file's route checks its grant before it looks the id up, so it refuses without one.
const idRoutes =
  reads.filter(({ path, operation }) => path.includes('{id}') && !(operation.parameters ?? []).some((p: any) => p.in === 'query' && p.name === 'grant'))

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const rawControlCharacter = /[\u0000-\u0009\u000b-\u001f\u007f]/

describe('hostile paths and queries', () => {
  let token: string

  beforeAll(async () => {
    token = await (await newSchool()).token(scopeNames)
  })

  describe('the request log', () => {
    it.each([
      ['a line feed', '%0A'],
      ['a carriage return', '%0D'],
      ['a NUL', '%00'],
      ['a line separator', '%E2%80%A8']
    ])('never writes %s from a path: one line per request, with the route template, not the path', async (_, character) => {
      const marker = `forged${randomBytes(6).toString('hex')}`
      const forgery = `${character}{"at":"2026-01-01","route":"${marker}"}${character}`
      for (const [path, template] of [
        [`/api/v1/people/per_a${forgery}`, '/api/v1/people/:id'],
        [`/api/v1/people/per_a${forgery}/billing`, '/api/v1/people/:id/billing'],
        [`/api/v1/${marker}${forgery}`, '/api/**']
      ] as const) {
        const answer = await callApi(path, { token })
        expect(answer.status).toBeGreaterThanOrEqual(400)
        const lines = await serverLogLinesWith(answer.body.data.traceId)
        expect(lines).toHaveLength(1)
        const line = JSON.parse(lines[0]!)
        expect(line).toMatchObject({ traceId: answer.body.data.traceId, method: 'GET', route: template, status: answer.status })
        expect(lines[0]).not.toMatch(rawControlCharacter)
      }
      expect(wholeServerLog()).not.toContain(marker)
    })

    it('never writes a query or its values', async () => {
      const marker = `secret${randomBytes(6).toString('hex')}`
      const answer = await callApi(`/api/v1/people?colour=${marker}%0A%00`, { token })
      const [line] = await serverLogLinesWith(answer.body.data.traceId)
      expect(JSON.parse(line!).route).toBe('/api/v1/people')
      expect(wholeServerLog()).not.toContain(marker)
    })
  })

  describe.each(idRoutes)('the id of get $path', (read) => {
    it.each([
      ['a NUL', '\u0000'],
      ['a NUL after a good id', 'per_abc\u0000'],
      ['a line feed', 'per_abc\n'],
      ['upper case', 'PER_ABC'],
      ['a hyphen', 'per-abc'],
      ['a space', 'per_a c'],
      ['no prefix', '_abc'],
      ['a long tail', `per_${'a'.repeat(200)}`],
      ['a unicode letter', 'per_ábc']
    ])('is refused with validation_failed on id when it holds %s', async (_, id) => {
      const answer = await callApi(requestPath(read, () => id), { token })
      expectEnvelope(answer, 400, 'validation_failed')
      expect(fieldPaths(answer)).toEqual(['id'])
    })

    it('is not_found when well formed but unknown', async () => {
      expectEnvelope(await callApi(requestPath(read, () => 'per_nobody'), { token }), 404, 'not_found')
    })
  })

  describe('control characters in a query value', () => {
    it.each(queryParameters.flatMap(({ read, name }) =>
      ['\u0000', '\u0001', '\n', '\r', '\u007f', '\u0085'].map(character => ({ path: read.path, read, name, character: JSON.stringify(character) }))))(
      'get $path refuses $name holding $character with validation_failed naming it',
      async ({ read, name, character }) => {
        const value = `1${JSON.parse(character)}`
        const answer = await callApi(`${requestPath(read)}?${name}=${encodeURIComponent(value)}`, { token })
        expectEnvelope(answer, 400, 'validation_failed')
        expect(fieldPaths(answer)).toEqual([name])
      }
    )

    it('names the parameter even when another value is fine', async () => {
      const answer = await callApi('/api/v1/affiliations?limit=5&kind=student%00', { token })
      expectEnvelope(answer, 400, 'validation_failed')
      expect(fieldPaths(answer)).toEqual(['kind'])
    })
  })

  describe('limit', () => {
    it.each(['0x10', '1e2', ' 5', '5 ', '+5', '5.0', '-1', '01e1', '0', '1001', '', 'Infinity', 'NaN', '١٢', '５', '0'.repeat(20) + '5'])(
      'refuses %j with validation_failed on limit', async (limit) => {
        const answer = await callApi(`/api/v1/people?limit=${encodeURIComponent(limit)}`, { token })
        expectEnvelope(answer, 400, 'validation_failed')
        expect(fieldPaths(answer)).toEqual(['limit'])
      })

    it('refuses limit given twice', async () => {
      const answer = await callApi('/api/v1/people?limit=5&limit=6', { token })
      expect(fieldPaths(answer)).toEqual(['limit'])
    })

    it.each([['007', 7], ['1', 1], ['1000', 1000], ['0001000', 1000]])('reads %j as %d: leading zeros are still plain decimal digits', async (limit) => {
      const answer = await callApi(`/api/v1/people?limit=${limit}`, { token })
      expect(answer.status).toBe(200)
    })
  })

  describe('a method a path does not serve', () => {
    it.each([
      ['POST', '/api/v1/people'],
      ['DELETE', '/api/v1/people'],
      ['PUT', '/api/v1/people/per_abc'],
      ['PATCH', '/api/v1/people/per_abc'],
      ['DELETE', '/api/v1/enquiries'],
      ['GET', '/api/v1/enquiries'],
      ['PUT', '/api/v1/enquiries'],
      ['OPTIONS', '/api/v1/people']
    ])('%s %s is method_not_allowed in the envelope', async (method, path) => {
      const answer = await callApi(path, { token, method, headers: { 'content-type': 'application/json' } })
      expectEnvelope(answer, 405, 'method_not_allowed')
      expect(answer.headers.get('allow')).toBeTruthy()
    })
  })

  describe('a malformed Host header', () => {
    it.each(['[::1', 'a b', '', 'localhost:99999999', 'exa mple.org:80', '%00', '[', ':'])('%j on an API path is answered in the envelope', async (host) => {
      const head = (path: string, auth = '') => `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${auth}Connection: close\r\n\r\n`
      expectEnvelope(await rawRequest(inject('baseUrl'), head('/api/v1/people/per_abc')), 401, 'unauthenticated')
      expectEnvelope(await rawRequest(inject('baseUrl'), head('/api/v1/people/per_nobody', `Authorization: Bearer ${token}\r\n`)), 404, 'not_found')
      expectEnvelope(await rawRequest(inject('baseUrl'), head('/api/v1/people/PER', `Authorization: Bearer ${token}\r\n`)), 400, 'validation_failed')
      expectEnvelope(await rawRequest(inject('baseUrl'), head('/api/v1/nothing')), 404, 'not_found')
      const health = await rawRequest(inject('baseUrl'), head('/health'))
      expect(health.status).toBe(200)
      expect(health.body.status).toBe('healthy')
    })
  })
})
