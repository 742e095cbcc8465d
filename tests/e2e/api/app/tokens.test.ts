import { beforeAll, describe, expect, it } from 'vitest'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

describe('API tokens through the screens\' interface', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let cookie: string
  beforeAll(async () => {
    school = await newSchool()
    cookie = (await staffSession(school, 'admin')).cookie
  })
  const app = (path: string, request: { method?: string, body?: unknown } = {}) => callApi(path, { ...request, headers: { cookie } })

  it('issues a token that works on /api/v1, lists it with its issuer and last use, rotates it and revokes it', async () => {
    const issued = await app('/api/app/tokens', { body: { purpose: 'Website enquiries', scopes: ['person.read'] } })
    expect(issued.status).toBe(201)
    expect(issued.body.token).toMatch(/^rbk_/)
    expect((await callApi('/api/v1/people', { token: issued.body.token })).status).toBe(200)

    // The last use is written beside the request, and skipped while another file's write holds the shared
    // database (the next use tries again): used again until it shows.
    let listed: any
    for (let i = 0; i < 400 && !listed?.lastUsedAt; i++) {
      listed = (await app('/api/app/tokens')).body.items.find((t: { id: string }) => t.id === issued.body.id)
      if (!listed.lastUsedAt) {
        await new Promise(done => setTimeout(done, 100))
        await callApi('/api/v1/people', { token: issued.body.token })
      }
    }
    expect(listed).toMatchObject({ purpose: 'Website enquiries', scopes: ['person.read'], issuedVia: 'settings', revokedAt: null })
    expect(listed.issuedBy).toMatch(/@example\.org$/)
    expect(listed.lastUsedAt).not.toBeNull()
    expect(JSON.stringify(listed)).not.toContain(issued.body.token)

    const twin = await app(`/api/app/tokens/${issued.body.id}/rotate`, { method: 'POST', body: {} })
    expect(twin.status).toBe(201)
    expect((await callApi('/api/v1/people', { token: twin.body.token })).status).toBe(200)
    expect((await callApi('/api/v1/people', { token: issued.body.token })).status).toBe(200)

    expect((await app(`/api/app/tokens/${issued.body.id}`, { method: 'DELETE' })).status).toBe(200)
    expectEnvelope(await callApi('/api/v1/people', { token: issued.body.token }), 401, 'unauthenticated')
    expect((await callApi('/api/v1/people', { token: twin.body.token })).status).toBe(200)
  })

  it('issues rostering tokens only on their own route, and finds no token of another school', async () => {
    const rostering = await app('/api/app/tokens/rostering', { body: { purpose: 'LMS', scopes: ['roster.read'], expiresInDays: 30 } })
    expect(rostering.status).toBe(201)
    const items = (await app('/api/app/tokens')).body.items
    expect(items.find((t: { id: string }) => t.id === rostering.body.id).issuedVia).toBe('rostering')
    const other = await newSchool()
    const foreign = await other.tokenWithId(['person.read'])
    expectEnvelope(await app(`/api/app/tokens/${foreign.id}`, { method: 'DELETE' }), 404, 'not_found')
    expect((await callApi('/api/v1/people', { token: foreign.token })).status).toBe(200)
  })

  it('refuses an expiry past two years and a scope that does not exist', async () => {
    expectEnvelope(await app('/api/app/tokens', { body: { purpose: 'Too long', scopes: ['person.read'], expiresInDays: 731 } }), 400, 'validation_failed')
  })
})

describe('staff and the sign-in policy through the screens\' interface', () => {
  it('adds staff with a one-time link, changes roles, keeps the last administrator, and sets the policy', async () => {
    const school = await newSchool()
    const admin = await staffSession(school, 'admin')
    const app = (path: string, request: { method?: string, body?: unknown } = {}) => callApi(path, { ...request, headers: { cookie: admin.cookie } })
    const added = await app('/api/app/staff', { body: { email: `Teacher-${Date.now()}@Example.org`, role: 'teacher' } })
    expect(added.status).toBe(201)
    expect(added.body.signInLink).toMatch(/\/sign-in\/link\?token=/)
    expect(added.body.member.email).toBe(added.body.member.email.toLowerCase())
    expectEnvelope(await app('/api/app/staff', { body: { email: added.body.member.email, role: 'office' } }), 409, 'conflict')
    expect((await app(`/api/app/staff/${added.body.member.id}`, { method: 'PATCH', body: { role: 'office' } })).body.role).toBe('office')
    expectEnvelope(await app(`/api/app/staff/${admin.member.id}`, { method: 'PATCH', body: { role: 'office' } }), 422, 'unprocessable')
    expect((await app('/api/app/sign-in-policy', { method: 'PUT', body: { passkeysRequired: true } })).body).toEqual({ passkeysRequired: true })
    expect((await app('/api/app/roles')).body.items.map((r: { name: string }) => r.name)).toEqual(['admin', 'office', 'admissions', 'teacher', 'read_only'])
  })
})
