import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { callApi } from '../support/api'
import { projectRoot } from '../support/server-process'
import { newSchool } from '../support/schools'
import { updateSchoolSettings } from '../../server/domain/schools/school-settings'

const answer = await callApi('/_openapi.json')
const document = answer.body
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]: [string, any]) =>
  Object.entries(item).map(([method, operation]: [string, any]) => ({ method, path, operation })))
const operation = (method: string, path: string) => document.paths[path]?.[method]
const resolve = (value: any) => value?.$ref ? value.$ref.slice(2).split('/').reduce((node: any, key: string) => node?.[key], document) : value

describe('GET /_openapi.json', () => {
  it('is an OpenAPI 3 document, served without a credential, publishing interface version 1.0', () => {
    expect(answer.status).toBe(200)
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/)
    expect(document.info.version).toBe('1.2')
  })

  it('names the absolute /api/v1 base as its server, so generated clients need no base URL', () => {
    // The test server's PUBLIC_URL is its own address by host name (scripts/built-server.ts).
    expect(document.servers).toEqual([expect.objectContaining({ url: `${inject('baseUrl').replace('127.0.0.1', 'localhost')}/api/v1` })])
  })

  it('lists /api/v1 endpoints only, and every one of them', () => {
    expect(operations.length).toBeGreaterThan(0)
    expect(Object.keys(document.paths).filter(path => path.startsWith('/api/') || path.startsWith('/_') || path === '/health')).toEqual([])
    expect(operation('get', '/people')).toBeDefined()
    expect(operation('get', '/people/{id}')).toBeDefined()
    expect(operation('post', '/enquiries')).toBeDefined()
  })

  it('publishes the per-minute limits of docs/decisions.md', () => {
    expect(operation('get', '/people')['x-rate-limit']).toBe(300)
    expect(operation('get', '/people/{id}')['x-rate-limit']).toBe(300)
    expect(operation('post', '/enquiries')['x-rate-limit']).toBe(30)
  })

  it.each(operations)('$method $path names its scope, limit and refusals', ({ operation }) => {
    expect(operation['x-scope']).toMatch(/^[a-z]+\.[a-z]+$/)
    expect(operation.security).toEqual([{ bearerToken: [operation['x-scope']] }])
    expect(Number.isInteger(operation['x-rate-limit']) && operation['x-rate-limit'] > 0).toBe(true)
    expect(operation.summary).toBeTruthy()
    for (const status of ['401', '403', '429']) {
      expect(operation.responses[status]?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' })
    }
    expect(operation.responses['401']['x-error-codes']).toEqual(['unauthenticated'])
    expect(operation.responses['403']['x-error-codes']).toContain('forbidden')
    expect(resolve(operation.responses['429'].headers['Retry-After']).schema.type).toBe('integer')
    const success = Object.keys(operation.responses).filter(status => status.startsWith('2'))
    expect(success).toHaveLength(1)
    // JSON, or the one media type of a route that answers with a file (an export's CSV).
    const media = Object.keys(operation.responses[success[0]!].content)
    expect(media).toHaveLength(1)
    expect(operation.responses[success[0]!].content[media[0]!].schema).toBeTruthy()
  })

  it('describes the Error envelope with every error code', () => {
    const error = document.components.schemas.Error
    expect(error.required).toEqual(['statusCode', 'statusMessage', 'data'])
    expect(error.properties.data.required).toEqual(['code', 'detail', 'traceId'])
    expect(error.properties.data.properties.code.enum)
      .toEqual(expect.arrayContaining(['validation_failed', 'unauthenticated', 'forbidden', 'not_found', 'conflict', 'rate_limited', 'internal']))
  })

  it('documents every member a refusal\'s data can carry, missingScope of forbidden among them', () => {
    const data = document.components.schemas.Error.properties.data
    expect(data.properties.missingScope).toEqual(expect.objectContaining({ type: 'string', description: expect.stringContaining('forbidden') }))
    expect(Object.keys(data.properties).sort()).toEqual(['candidates', 'code', 'detail', 'fields', 'missingScope', 'traceId'])
  })

  it('gives query parameters with descriptions, path parameters, and Idempotency-Key on idempotent writes', () => {
    const list = operation('get', '/people').parameters.map(resolve)
    expect(list.map((p: any) => [p.name, p.in, p.required])).toEqual([['limit', 'query', false], ['cursor', 'query', false]])
    for (const parameter of list) expect(parameter.description).toBeTruthy()
    expect(operation('get', '/people/{id}').parameters.map(resolve)).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }))
    expect(operation('post', '/enquiries').parameters.map(resolve)).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }))
  })

  it('refers to registered request and response schemas in components', () => {
    const enquiry = operation('post', '/enquiries')
    expect(enquiry.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/EnquiryInput' })
    expect(resolve(enquiry.requestBody.content['application/json'].schema).required).toEqual(expect.arrayContaining(['student', 'enquirer']))
    expect(enquiry.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/EnquiryReceipt' })
    const page = resolve(operation('get', '/people').responses['200'].content['application/json'].schema)
    expect(page.properties.items.items).toEqual({ $ref: '#/components/schemas/Person' })
  })

  it.each([
    ['post', '/enrolments'],
    ['post', '/applications/{id}/events']
  ])('lists held_elsewhere among the 409s of %s %s, whose start on the roll a school may keep in its SIS', (method, path) => {
    expect(operation(method, path).responses['409']['x-error-codes']).toEqual(expect.arrayContaining(['conflict', 'held_elsewhere']))
  })

  it('describes a tour of the whole school: Tour.campus is required and may be null', () => {
    const tour = document.components.schemas.Tour
    expect(tour.required).toContain('campus')
    expect(tour.properties.campus.type).toEqual(['string', 'null'])
  })

  describe('matches what the server answers', () => {
    let token: string
    beforeAll(async () => {
      token = await (await newSchool()).token(['person.read'])
    })

    it('counts the limit it publishes', async () => {
      const listed = await callApi('/api/v1/people', { token })
      expect(listed.status).toBe(200)
      expect(listed.headers.get('x-ratelimit-limit')).toBe(String(operation('get', '/people')['x-rate-limit']))
    })

    it('names the missing capability in data.missingScope, as the Error schema says', async () => {
      const refused = await callApi('/api/v1/affiliations', { token })
      expect(refused.status).toBe(403)
      expect(refused.body.data.missingScope).toBe('affiliation.read')
      expect(operation('get', '/affiliations').responses['403']['x-error-codes']).toContain(refused.body.data.code)
    })

    it('answers held_elsewhere where the document lists it: an enrolment at a school whose SIS keeps student spans', async () => {
      const sis = await newSchool()
      await updateSchoolSettings(sis.context, { heldElsewhere: ['studentSpans'] })
      const refused = await callApi('/api/v1/enrolments', {
        token: await sis.token(['application.write']),
        body: { student: { familyName: 'Held', givenNames: 'Elsewhere', dateOfBirth: '2016-09-30' }, carers: [
          { familyName: 'Held', givenNames: 'Carer', email: 'held.carer@example.org', relationship: 'mother' }
        ], yearLevel: '4', startsOn: '2026-07-20' }
      })
      expect([refused.status, refused.body.data?.code]).toEqual([409, 'held_elsewhere'])
      expect(operation('post', '/enrolments').responses['409']['x-error-codes']).toContain(refused.body.data.code)
    })

    it('refuses in the Error envelope with a code the operation lists', async () => {
      const refused = await callApi('/api/v1/people')
      expect(refused.status).toBe(401)
      expect(Object.keys(refused.body).sort()).toEqual(['data', 'statusCode', 'statusMessage'])
      expect(operation('get', '/people').responses['401']['x-error-codes']).toContain(refused.body.data.code)
    })
  })

  it('passes redocly lint with no errors', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'rollbook-openapi-test-'))
    try {
      const file = join(scratch, 'openapi.json')
      writeFileSync(file, JSON.stringify(document))
      // redocly exits 1 when it finds errors; the JSON report says which.
      const { stdout } = await promisify(execFile)(join(projectRoot, 'node_modules/.bin/redocly'), [
        'lint', file, '--format=json', '--config', join(projectRoot, 'redocly.yaml')
      ], {
        cwd: projectRoot,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024
      }).catch((error: { stdout: string }) => error)
      const report = JSON.parse(stdout)
      expect(report.problems.filter((problem: any) => problem.severity === 'error')).toEqual([])
      expect(report.totals.errors).toBe(0)
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
  }, 60_000)
})
