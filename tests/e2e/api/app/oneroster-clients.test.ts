import { beforeAll, describe, expect, inject, it } from 'vitest'
import { unauthenticatedPerMinute } from '../../../../server/utils/bearer-token'
import { callApi, type ApiAnswer } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { inOneMinute } from '../../../support/minute-window'
import { rawRequest } from '../../../support/raw-http'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

/*
 * OneRoster REST clients over HTTP: made, listed and revoked in the rostering settings (stepped up, tokens.manage), and
 * the token endpoint a platform takes its one-hour tokens at, answering as RFC 6749 words it.
 */
type School = Awaited<ReturnType<typeof newSchool>>

/**
 * A loopback address of this file's own: refused token requests are counted per client address in the database every
 * test server shares, so using up 127.0.0.1's would refuse other files' requests.
 */
function ownLoopbackAddress() {
  const part = () => 2 + Math.floor(Math.random() * 250)
  return `127.${part()}.${part()}.${part()}`
}

const v1p2 = (scope: string) => `https://purl.imsglobal.org/spec/or/v1p2/scope/${scope}`
const v1p1 = (scope: string) => `https://purl.imsglobal.org/spec/or/v1p1/scope/${scope}`
const form = 'application/x-www-form-urlencoded'
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`

/** A POST to /oauth/token from an address of its own. */
function tokenRequest(body: string, headers: Record<string, string> = {}, options: { localAddress?: string, path?: string } = {}) {
  return callApi(options.path ?? '/oauth/token', {
    method: 'POST', body, headers: { 'content-type': form, ...headers }, localAddress: options.localAddress ?? ownLoopbackAddress()
  })
}

/** RFC 6749 §5.2's error answer: its status, the code, a description, never cached, and nothing else in the body. */
function expectOAuthError(answer: ApiAnswer, status: number, error: string) {
  expect(answer.status).toBe(status)
  expect(answer.headers.get('content-type')).toMatch(/application\/json/)
  expect(answer.headers.get('cache-control')).toBe('no-store')
  expect(answer.headers.get('pragma')).toBe('no-cache')
  expect(Object.keys(answer.body).sort()).toEqual(['error', 'error_description'])
  expect(answer.body.error).toBe(error)
  // RFC 6749 §5.2: the description is printable ASCII without `"` or `\`.
  expect(answer.body.error_description).toMatch(/^[\x20\x21\x23-\x5B\x5D-\x7E]+$/)
  if (status === 401) expect(answer.headers.get('www-authenticate')).toBe('Basic realm="rollbook"')
}

describe('OneRoster REST clients in the rostering settings', () => {
  let school: School
  let cookie: string
  beforeAll(async () => {
    school = await newSchool({ name: 'OneRoster Settings School' })
    cookie = (await staffSession(school, 'admin')).cookie
  })
  const app = (path: string, request: { method?: string, body?: unknown, cookie?: string } = {}) =>
    callApi(path, { method: request.method, body: request.body, headers: { cookie: request.cookie ?? cookie } })

  it('makes a client whose secret is in the answer alone, lists it with the service\'s addresses, and revokes it', async () => {
    const made = await app('/api/app/rostering/clients', { body: { name: 'Canvas', scopes: ['roster-core.readonly'] } })
    expect(made.status).toBe(201)
    expect(made.body).toEqual({
      id: expect.stringMatching(/^orc_/), clientId: made.body.id, clientSecret: expect.stringMatching(/^rbo_[0-9A-Za-z]{43}$/), name: 'Canvas',
      scopes: ['roster-core.readonly'], createdAt: expect.any(String)
    })
    const listed = await app('/api/app/rostering/clients')
    expect(listed.status).toBe(200)
    expect(listed.body.items).toEqual([expect.objectContaining({ clientId: made.body.id, name: 'Canvas', revokedAt: null, lastUsedAt: null })])
    expect(listed.body.items[0].createdBy).toMatch(/@example\.org$/)
    expect(JSON.stringify(listed.body)).not.toContain(made.body.clientSecret)
    expect(listed.body.endpoints).toEqual({
      tokenUrl: expect.stringMatching(/^https?:\/\/[^/]+\/oauth\/token$/),
      v1p2Url: expect.stringMatching(/\/ims\/oneroster\/rostering\/v1p2$/),
      v1p1Url: expect.stringMatching(/\/ims\/oneroster\/v1p1$/)
    })

    expect((await tokenRequest('grant_type=client_credentials', { authorization: basic(made.body.clientId, made.body.clientSecret) })).status).toBe(200)
    const revoked = await app(`/api/app/rostering/clients/${made.body.id}`, { method: 'DELETE' })
    expect(revoked.status).toBe(200)
    expect(revoked.body).toEqual({ id: made.body.id, revoked: true })
    expect((await app('/api/app/rostering/clients')).body.items[0].revokedAt).not.toBeNull()
    expectOAuthError(await tokenRequest('grant_type=client_credentials', { authorization: basic(made.body.clientId, made.body.clientSecret) }), 401,
      'invalid_client')
  })

  it('names the fields a client cannot be made with', async () => {
    const refused = await app('/api/app/rostering/clients', { body: { name: ' ', scopes: ['roster.read'] } })
    expectEnvelope(refused, 400, 'validation_failed')
    expect(fieldPaths(refused)).toEqual(['name', 'scopes[0]'])
    expect(fieldPaths(await app('/api/app/rostering/clients', { body: { name: 'Canvas', scopes: [] } }))).toEqual(['scopes'])
  })

  it('finds no client of another school, and no client by an id that is not one', async () => {
    const other = await newSchool()
    const theirs = await app('/api/app/rostering/clients', {
      body: { name: 'Theirs', scopes: ['roster.readonly'] }, cookie: (await staffSession(other, 'admin')).cookie
    })
    expectEnvelope(await app(`/api/app/rostering/clients/${theirs.body.id}`, { method: 'DELETE' }), 404, 'not_found')
    expect((await app('/api/app/rostering/clients')).body.items.map((c: { id: string }) => c.id)).not.toContain(theirs.body.id)
    expectEnvelope(await app('/api/app/rostering/clients/tok_notaclient', { method: 'DELETE' }), 404, 'not_found')
  })

  it.each([
    ['POST', '/api/app/rostering/clients', { name: 'Canvas', scopes: ['roster.readonly'] }],
    ['DELETE', '/api/app/rostering/clients/orc_doesnotexist', undefined]
  ])('%s %s needs a passkey proof within five minutes', async (method, path, body) => {
    const stale = (await staffSession(school, 'admin', { ago: 6 * 60_000 })).cookie
    expectEnvelope(await app(path, { method, body, cookie: stale }), 403, 'step_up_required')
  })

  it.each([
    ['GET', '/api/app/rostering/clients', undefined],
    ['POST', '/api/app/rostering/clients', { name: 'Canvas', scopes: ['roster.readonly'] }],
    ['DELETE', '/api/app/rostering/clients/orc_doesnotexist', undefined]
  ])('%s %s refuses a member without tokens.manage, naming it', async (method, path, body) => {
    const answer = await app(path, { method, body, cookie: (await staffSession(school, 'teacher')).cookie })
    expectEnvelope(answer, 403, 'forbidden')
    expect(answer.body.data.detail.join(' ')).toContain('tokens.manage')
  })
})

describe('the token endpoint (POST /oauth/token)', () => {
  let client: { clientId: string, clientSecret: string }
  let coreOnly: { clientId: string, clientSecret: string }
  beforeAll(async () => {
    const school = await newSchool({ name: 'OneRoster Token School' })
    const { cookie } = await staffSession(school, 'admin')
    const make = async (scopes: string[]) =>
      (await callApi('/api/app/rostering/clients', { body: { name: 'Platform', scopes }, headers: { cookie } })).body
    client = await make(['roster-core.readonly', 'roster.readonly'])
    coreOnly = await make(['roster-core.readonly'])
  })

  it('gives a one-hour token to a client authenticated with Basic, every scope it holds in both versions\' words, never cached', async () => {
    const answer = await tokenRequest('grant_type=client_credentials', { authorization: basic(client.clientId, client.clientSecret) })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/application\/json/)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.headers.get('pragma')).toBe('no-cache')
    expect(answer.body).toEqual({
      access_token: expect.stringMatching(/^rbq_[0-9A-Za-z]{43}$/), token_type: 'bearer', expires_in: 3600,
      scope: [v1p2('roster-core.readonly'), v1p2('roster.readonly'), v1p1('roster-core.readonly'), v1p1('roster.readonly')].join(' ')
    })
  })

  it('gives a token to a client whose id and secret are in the body, narrowed to the scope it asks for', async () => {
    const body = new URLSearchParams({
      grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, scope: v1p1('roster-core.readonly')
    })
    const answer = await tokenRequest(body.toString(), { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' })
    expect(answer.status).toBe(200)
    expect(answer.body.scope).toBe(`${v1p2('roster-core.readonly')} ${v1p1('roster-core.readonly')}`)
  })

  /** A body whose bytes are not UTF-8: fetch would encode a string, so it goes over a socket of its own. */
  const notUtf8 = async (): Promise<ApiAnswer> => {
    const body = Buffer.concat([Buffer.from('grant_type=client_credentials&client_id='), Buffer.from([0xff, 0xfe])])
    const head = `POST /oauth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${form}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`
    const answer = await rawRequest(inject('baseUrl'), head, [body], { localAddress: ownLoopbackAddress() })
    return { status: answer.status, headers: answer.headers, body: answer.body }
  }
  const withBody = (fields: Record<string, string>) => new URLSearchParams({ grant_type: 'client_credentials', ...fields }).toString()
  const refusals: [string, () => Promise<ApiAnswer>, number, string][] = [
    ['a JSON body', () => tokenRequest(JSON.stringify({ grant_type: 'client_credentials' }), { 'content-type': 'application/json' }), 400, 'invalid_request'],
    ['no grant_type', () => tokenRequest(`client_id=${client.clientId}&client_secret=${client.clientSecret}`), 400, 'invalid_request'],
    ['the password grant', () => tokenRequest(`grant_type=password&client_id=${client.clientId}&client_secret=${client.clientSecret}`), 400,
      'unsupported_grant_type'],
    ['Basic and the body at once', () => tokenRequest(withBody({ client_id: client.clientId, client_secret: client.clientSecret }), {
      authorization: basic(client.clientId, client.clientSecret)
    }), 400, 'invalid_request'],
    ['no credentials', () => tokenRequest('grant_type=client_credentials'), 401, 'invalid_client'],
    ['an id without a secret', () => tokenRequest(withBody({ client_id: client.clientId })), 401, 'invalid_client'],
    ['a wrong secret', () => tokenRequest(withBody({ client_id: client.clientId, client_secret: coreOnly.clientSecret })), 401, 'invalid_client'],
    ['an unknown client', () => tokenRequest(withBody({ client_id: 'orc_doesnotexist', client_secret: client.clientSecret })), 401, 'invalid_client'],
    ['a Basic header that is not base64', () => tokenRequest('grant_type=client_credentials', { authorization: 'Basic !!!' }), 401, 'invalid_client'],
    ['a bearer token instead', () => tokenRequest('grant_type=client_credentials', { authorization: `Bearer ${client.clientSecret}` }), 401,
      'invalid_client'],
    ['a scope the client does not hold', () => tokenRequest('grant_type=client_credentials&scope=' + encodeURIComponent(v1p2('roster.readonly')), {
      authorization: basic(coreOnly.clientId, coreOnly.clientSecret)
    }), 400, 'invalid_scope'],
    ['an unknown scope', () => tokenRequest('grant_type=client_credentials&scope=gradebook', { authorization: basic(client.clientId, client.clientSecret) }),
      400, 'invalid_scope'],
    ['grant_type sent twice', () => tokenRequest(`grant_type=password&${withBody({ client_id: client.clientId, client_secret: client.clientSecret })}`), 400,
      'invalid_request'],
    ['a control character', () => tokenRequest(withBody({ client_id: `${client.clientId}\u0000`, client_secret: client.clientSecret })), 400,
      'invalid_request'],
    ['a body of more than a few KB', () => tokenRequest(withBody({ client_id: client.clientId, client_secret: client.clientSecret, pad: 'x'.repeat(8000) })),
      400, 'invalid_request'],
    ['bytes that are not UTF-8', () => notUtf8(), 400, 'invalid_request'],
    ['the secret in the URL', () => tokenRequest(withBody({ client_id: client.clientId }), {}, {
      path: `/oauth/token?client_secret=${client.clientSecret}`
    }), 400, 'invalid_request']
  ]
  it.each(refusals)('refuses %s as RFC 6749 §5.2 words it', async (_, send, status, error) => {
    expectOAuthError(await send(), status, error)
  })

  it(`answers ${unauthenticatedPerMinute} refusals a minute to one address, then 429 with Retry-After, while a good request still gets its token`, async () => {
    const answers = await inOneMinute(20, async () => {
      const address = ownLoopbackAddress()
      const sent: ApiAnswer[] = []
      for (let i = 0; i <= unauthenticatedPerMinute; i++) {
        sent.push(await tokenRequest(withBody({ client_id: client.clientId, client_secret: `rbo_${'x'.repeat(43)}` }), {}, { localAddress: address }))
      }
      sent.push(await tokenRequest('grant_type=client_credentials', { authorization: basic(client.clientId, client.clientSecret) }, { localAddress: address }))
      return sent
    })
    for (const answer of answers.slice(0, unauthenticatedPerMinute)) expectOAuthError(answer, 401, 'invalid_client')
    const limited = answers[unauthenticatedPerMinute]!
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.headers.get('cache-control')).toBe('no-store')
    expect(Object.keys(limited.body).sort()).toEqual(['error', 'error_description'])
    expect(answers.at(-1)!.status).toBe(200)
  })
})
