import { beforeAll, describe, expect, inject, it } from 'vitest'
import { strFromU8, unzipSync } from 'fflate'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'
import { privateAllowed } from '../../../support/webhooks'
import { createWebhookSubscription } from '../../../../server/domain/webhooks/subscriptions'
import { seedDemoSchool } from '../../../../server/domain/setup/demo/seed-demo-school'
import { rosterRuleProblems } from '../../../support/roster-rules'

type School = Awaited<ReturnType<typeof newSchool>>

/** The settings screens' routes for webhooks, rostering and exports, each with the capability it needs. */
const routes: { method: string, path: string, capability: string, body?: unknown, stepUp?: boolean }[] = [
  { method: 'GET', path: '/api/app/webhooks', capability: 'settings.manage' },
  { method: 'POST', path: '/api/app/webhooks', capability: 'settings.manage', stepUp: true, body: { url: 'https://example.org/hook', kinds: ['person.created'], tokenId: 'tok_doesnotexist' } },
  { method: 'PATCH', path: '/api/app/webhooks/sub_doesnotexist', capability: 'settings.manage', body: { paused: true } },
  { method: 'DELETE', path: '/api/app/webhooks/sub_doesnotexist', capability: 'settings.manage' },
  { method: 'GET', path: '/api/app/webhooks/sub_doesnotexist/deliveries', capability: 'settings.manage' },
  { method: 'POST', path: '/api/app/webhooks/sub_doesnotexist/test', capability: 'settings.manage', body: {} },
  { method: 'POST', path: '/api/app/webhooks/deliveries/dlv_doesnotexist/retry', capability: 'settings.manage', body: {} },
  { method: 'GET', path: '/api/app/rosters/preview', capability: 'roster.read' },
  { method: 'GET', path: '/api/app/rosters/oneroster/zip', capability: 'roster.read' },
  { method: 'GET', path: '/api/app/rosters/classes', capability: 'roster.read' },
  { method: 'GET', path: '/api/app/rosters/classes/cls_doesnotexist/members', capability: 'roster.read' },
  { method: 'GET', path: '/api/app/exports', capability: 'export.read' },
  { method: 'GET', path: '/api/app/exports/exp_doesnotexist/file', capability: 'export.read' },
  { method: 'GET', path: '/api/app/exports/columns', capability: 'export.read' },
  { method: 'PUT', path: '/api/app/exports/columns/people.email', capability: 'settings.manage', body: { class: 'restricted' } },
  { method: 'PUT', path: '/api/app/exports/retention', capability: 'settings.manage', body: { retentionDays: 10 } }
]
const named = (route: typeof routes[number]) => `${route.method} ${route.path}`

describe('the webhooks, rostering and exports settings routes', () => {
  let school: School
  beforeAll(async () => {
    school = await newSchool({ name: 'Settings Routes' })
  })
  const call = (route: typeof routes[number], cookie?: string) =>
    callApi(route.path, { method: route.method, body: route.body, headers: cookie ? { cookie } : {} })

  it.each(routes.map(route => [named(route), route] as const))('%s refuses a request without a session (401)', async (_, route) => {
    expectEnvelope(await call(route), 401, 'unauthenticated')
  })

  // The admissions role holds none of settings.manage, roster.read and export.read.
  it.each(routes.map(route => [named(route), route] as const))('%s refuses staff whose role lacks the capability, naming it', async (_, route) => {
    const { cookie } = await staffSession(school, 'admissions')
    const answer = await call(route, cookie)
    expectEnvelope(answer, 403, 'forbidden')
    expect(answer.body.data.detail.join(' ')).toContain(route.capability)
  })

  it('creating a webhook needs a passkey proof within five minutes', async () => {
    const { cookie } = await staffSession(school, 'admin', { ago: 6 * 60_000 })
    expectEnvelope(await call(routes[1]!, cookie), 403, 'step_up_required')
  })

  it('a refused destination is validation_failed on url, in words; another school\'s subscription is not_found', async () => {
    const { cookie } = await staffSession(school, 'admin')
    const token = await school.tokenWithId(['person.read'])
    const refused: [string, string][] = [['http://example.org/hook', 'must be an https:// URL'], ['https://a:b@example.org/hook', 'no user name or password'], ['https://10.0.0.1/hook', 'is not a public address']]
    for (const [url, words] of refused) {
      const answer = await callApi('/api/app/webhooks', { method: 'POST', headers: { cookie }, body: { url, kinds: ['person.created'], tokenId: token.id } })
      // expectEnvelope would take the field's name, "url", for a leaked request URL.
      expect(answer.status).toBe(400)
      expect(answer.body.data.code).toBe('validation_failed')
      expect(answer.body.data.fields).toEqual([{ path: 'url', message: expect.stringContaining(words) }])
    }
    const other = await newSchool()
    const elsewhere = await createWebhookSubscription(other.context, { url: 'http://127.0.0.1:9/hook', kinds: ['person.created'], tokenId: (await other.tokenWithId(['person.read'])).id }, privateAllowed)
    expectEnvelope(await callApi(`/api/app/webhooks/${elsewhere.id}/deliveries`, { headers: { cookie } }), 404, 'not_found')
    expectEnvelope(await callApi(`/api/app/webhooks/${elsewhere.id}`, { method: 'PATCH', headers: { cookie }, body: { paused: true } }), 404, 'not_found')
  })

  it('the rostering preview holds every format, OneRoster 1.2 with its roles.csv, and its zip is that set', async () => {
    const rostered = await newSchool()
    await seedDemoSchool(rostered.context, { students: 20 })
    const { cookie } = await staffSession(rostered, 'admin')
    const preview = await callApi('/api/app/rosters/preview', { headers: { cookie } })
    expect(preview.status).toBe(200)
    expect(preview.body.sets.map((set: { format: string }) => set.format)).toEqual(['oneroster', 'sds', 'oneroster12'])
    const newer = preview.body.sets[2]
    expect(newer.files.map((file: { name: string }) => file.name)).toContain('roles.csv')
    const answer = await fetch(`${inject('baseUrl')}/api/app/rosters/oneroster12/zip`, { headers: { cookie } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toContain('oneroster12.zip')
    const files = Object.entries(unzipSync(new Uint8Array(await answer.arrayBuffer()))).map(([name, bytes]) => ({ name, content: strFromU8(bytes) }))
    expect(files.map(file => file.name).sort()).toEqual(newer.files.map((file: { name: string }) => file.name).sort())
    expect(rosterRuleProblems('oneroster12', files)).toEqual([])
    const users = files.find(file => file.name === 'users.csv')!.content.trimEnd().split('\r\n')
    expect(users).toHaveLength(newer.files.find((file: { name: string }) => file.name === 'users.csv').rowCount + 1)
  })

  it('a column cannot be moved below its default class', async () => {
    const { cookie } = await staffSession(school, 'admin')
    const answer = await callApi('/api/app/exports/columns/people.familyName', { method: 'PUT', headers: { cookie }, body: { class: 'general' } })
    expectEnvelope(answer, 422, 'unprocessable')
    expect(answer.body.data.detail.join(' ')).toContain('cannot be moved below')
  })
})
