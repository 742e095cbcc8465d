import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { apiTokens } from '../../../../db/schema'
import { setSignInPolicy } from '../../../../server/domain/accounts/sign-in-policy'
import { endSession } from '../../../../server/domain/accounts/sessions'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/** Every /api/app route that needs a session, with the capability it needs (none: any member of staff) and a body it accepts. */
const routes: { method: string, path: string, capability?: string, body?: unknown, stepUp?: boolean }[] = [
  { method: 'GET', path: '/api/app/session' },
  { method: 'DELETE', path: '/api/app/session' },
  { method: 'DELETE', path: '/api/app/sessions' },
  { method: 'GET', path: '/api/app/passkeys' },
  { method: 'POST', path: '/api/app/passkeys/options', body: {} },
  { method: 'POST', path: '/api/app/session/step-up/options', body: {} },
  { method: 'GET', path: '/api/app/tokens', capability: 'tokens.manage' },
  { method: 'POST', path: '/api/app/tokens', capability: 'tokens.manage', stepUp: true, body: { purpose: 'Website', scopes: ['enquiry.write'] } },
  { method: 'POST', path: '/api/app/tokens/rostering', capability: 'tokens.manage', stepUp: true, body: { purpose: 'LMS', scopes: ['roster.read'] } },
  { method: 'DELETE', path: '/api/app/tokens/tok_doesnotexist', capability: 'tokens.manage' },
  { method: 'POST', path: '/api/app/tokens/tok_doesnotexist/rotate', capability: 'tokens.manage', stepUp: true, body: {} },
  { method: 'GET', path: '/api/app/rostering/clients', capability: 'tokens.manage' },
  { method: 'POST', path: '/api/app/rostering/clients', capability: 'tokens.manage', stepUp: true, body: { name: 'LMS', scopes: ['roster.readonly'] } },
  { method: 'DELETE', path: '/api/app/rostering/clients/orc_doesnotexist', capability: 'tokens.manage', stepUp: true },
  { method: 'GET', path: '/api/app/staff', capability: 'staff.manage' },
  { method: 'POST', path: '/api/app/staff', capability: 'staff.manage', body: { email: 'someone@example.org', role: 'teacher' } },
  { method: 'PATCH', path: '/api/app/staff/acc_doesnotexist', capability: 'staff.manage', body: { role: 'teacher' } },
  { method: 'DELETE', path: '/api/app/staff/acc_doesnotexist', capability: 'staff.manage' },
  { method: 'DELETE', path: '/api/app/staff/acc_doesnotexist/sessions', capability: 'staff.manage', stepUp: true },
  { method: 'GET', path: '/api/app/sign-in-policy', capability: 'settings.manage' },
  { method: 'PUT', path: '/api/app/sign-in-policy', capability: 'settings.manage', stepUp: true, body: { passkeysRequired: false } },
  { method: 'GET', path: '/api/app/roles', capability: 'settings.manage' },
  { method: 'PUT', path: '/api/app/roles/teacher', capability: 'settings.manage', stepUp: true, body: { capabilities: ['person.read'] } },
  { method: 'GET', path: '/api/app/school', capability: 'settings.manage' },
  { method: 'PUT', path: '/api/app/school', capability: 'settings.manage', body: { name: 'Renamed' } },
  { method: 'GET', path: '/api/app/modules', capability: 'settings.manage' },
  { method: 'PUT', path: '/api/app/modules/billing', capability: 'settings.manage', body: { mode: 'on' } },
  { method: 'GET', path: '/api/app/activity', capability: 'settings.manage' },
  { method: 'GET', path: '/api/app/activity/filters', capability: 'settings.manage' },
  { method: 'POST', path: '/api/app/hris/sample', capability: 'settings.manage', body: { csv: 'a,b\n1,2\n' } },
  { method: 'POST', path: '/api/app/hris/preview', capability: 'settings.manage', body: { columns: {}, dateFormat: 'YYYY-MM-DD', header: ['a'], lines: [] } },
  { method: 'GET', path: '/api/app/hris/mappings', capability: 'settings.manage' },
  {
    method: 'POST', path: '/api/app/hris/mappings', capability: 'settings.manage',
    body: { name: 'Payroll', columns: { employeeId: 'a', familyName: 'b', givenNames: 'c', startDate: 'd' }, dateFormat: 'YYYY-MM-DD' }
  },
  { method: 'GET', path: '/api/app/hris/imports', capability: 'settings.manage' },
  { method: 'GET', path: '/api/app/hris/imports/run_doesnotexist/problems', capability: 'settings.manage' },
  { method: 'GET', path: '/api/app/sync-runs', capability: 'settings.manage' },
  { method: 'GET', path: '/api/app/sync-runs/run_doesnotexist', capability: 'settings.manage' },
  { method: 'GET', path: '/api/app/sync-runs/run_doesnotexist/changes?kind=create', capability: 'settings.manage' },
  { method: 'GET', path: '/api/app/sync-runs/run_doesnotexist/unreadable', capability: 'settings.manage' },
  { method: 'GET', path: '/api/app/fees/schedules', capability: 'fees.manage' },
  { method: 'POST', path: '/api/app/fees/schedules', capability: 'fees.manage', body: { name: '2027 fees', startsOn: '2027-01-01', endsOn: '2027-12-31' } },
  { method: 'GET', path: '/api/app/fees/versions/fsv_doesnotexist', capability: 'fees.manage' },
  {
    method: 'PUT', path: '/api/app/fees/versions/fsv_doesnotexist', capability: 'fees.manage',
    body: { periods: [{ name: 'T1', kind: 'term', startsOn: '2027-01-28', endsOn: '2027-04-09' }], lines: [] }
  },
  { method: 'DELETE', path: '/api/app/fees/versions/fsv_doesnotexist', capability: 'fees.manage' },
  { method: 'POST', path: '/api/app/fees/versions/fsv_doesnotexist/publish', capability: 'fees.manage', body: {} },
  { method: 'POST', path: '/api/app/fees/versions/fsv_doesnotexist/corrections', capability: 'fees.manage', body: { appliesFrom: '2027-04-01' } },
  { method: 'GET', path: '/api/app/fees/versions/fsv_doesnotexist/statements/per_doesnotexist', capability: 'fees.manage' },
  { method: 'POST', path: '/api/app/sync-runs/run_doesnotexist/confirm', capability: 'settings.manage', stepUp: true },
  { method: 'POST', path: '/api/app/sync-runs/run_doesnotexist/cancel', capability: 'settings.manage', stepUp: true },
  { method: 'POST', path: '/api/app/sync-runs/run_doesnotexist/revert', capability: 'settings.manage', stepUp: true },
  { method: 'GET', path: '/api/app/notifications/settings', capability: 'settings.manage' },
  {
    method: 'PUT', path: '/api/app/notifications/settings', capability: 'settings.manage', stepUp: true,
    body: { digestTime: '17:00', optionalKinds: [], textGateway: null }
  },
  { method: 'POST', path: '/api/app/notifications/test-text', capability: 'settings.manage', body: { to: '+61400000000' } },
  {
    method: 'POST', path: '/api/app/messages/emergency', capability: 'messages.emergency', stepUp: true,
    body: { subject: 'Closed', body: 'The school is closed.', audience: ['year:1'] }
  },
  { method: 'POST', path: '/api/app/messages/text-length', capability: 'messages.send', body: { subject: 'Closed' } },
  { method: 'GET', path: '/api/app/people/per_doesnotexist/notifications', capability: 'messages.send' },
  { method: 'GET', path: '/api/app/absences', capability: 'absences.manage' },
  {
    method: 'POST', path: '/api/app/absences', capability: 'absences.manage', body: { childId: 'per_doesnotexist', firstDay: '2027-02-01', reason: 'illness' }
  },
  { method: 'POST', path: '/api/app/absences/abs_doesnotexist/acknowledge', capability: 'absences.manage', body: {} },
  { method: 'GET', path: '/api/app/absences/abs_doesnotexist/document', capability: 'absences.manage' },
  { method: 'GET', path: '/api/app/absences/settings', capability: 'absences.manage' },
  { method: 'PUT', path: '/api/app/absences/settings', capability: 'settings.manage', body: { reasons: ['illness'], sensitiveReasons: [] } },
  { method: 'GET', path: '/api/app/people/per_doesnotexist/absences', capability: 'absences.manage' },
  { method: 'GET', path: '/api/app/data-checks', capability: 'families.manage' },
  { method: 'POST', path: '/api/app/data-checks', capability: 'families.manage', body: { audience: 'year:99', closesOn: '2099-12-31' } },
  { method: 'GET', path: '/api/app/data-checks/dck_doesnotexist/progress', capability: 'families.manage' },
  { method: 'POST', path: '/api/app/data-checks/dck_doesnotexist/reminders', capability: 'families.manage', body: {} },
  { method: 'PUT', path: '/api/app/people/per_doesnotexist/contacts', capability: 'people.manage', body: { emergencyContacts: [], collectors: [] } },
  { method: 'PUT', path: '/api/app/people/per_doesnotexist/medical-needs', capability: 'people.manage', body: { medicalNeeds: [] } },
  { method: 'GET', path: '/api/app/retention/schedule', capability: 'retention.manage' },
  { method: 'PUT', path: '/api/app/retention/schedule/messages', capability: 'retention.manage', stepUp: true, body: { months: 36 } }
]
const named = (route: typeof routes[number]) => `${route.method} ${route.path}`

describe('/api/app decides on the server who may do what', () => {
  let school: School
  beforeAll(async () => {
    school = await newSchool()
  })
  const call = (route: typeof routes[number], cookie?: string, headers: Record<string, string> = {}) =>
    callApi(route.path, { method: route.method, body: route.body, headers: { ...(cookie ? { cookie } : {}), ...headers } })

  it.each(routes.map(route => [named(route), route] as const))('%s refuses a request without a session (401)', async (_, route) => {
    expectEnvelope(await call(route), 401, 'unauthenticated')
  })

  it.each(routes.filter(route => route.capability).map(route => [named(route), route] as const))('%s refuses staff whose role lacks the capability, '
    + 'naming it', async (_, route) => {
    const { cookie } = await staffSession(school, 'read_only')
    const answer = await call(route, cookie)
    expectEnvelope(answer, 403, 'forbidden')
    expect(answer.body.data.detail.join(' ')).toContain(route.capability)
  })

  it.each(routes.filter(route => route.stepUp).map(route => [named(route), route] as const))('%s needs a passkey proof within '
    + 'five minutes', async (_, route) => {
    const { cookie } = await staffSession(school, 'admin', { ago: 6 * 60_000 })
    expectEnvelope(await call(route, cookie), 403, 'step_up_required')
  })

  it('refuses a cross-site change and changes nothing', async () => {
    const { cookie } = await staffSession(school, 'admin')
    const before = (await school.database.db.select().from(apiTokens).where(eq(apiTokens.schoolId, school.id))).length
    const route = routes.find(r => r.path === '/api/app/tokens' && r.method === 'POST')!
    const crossSite: Record<string, string>[] = [{ 'origin': 'https://evil.example', 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }, { 'sec-fetch-site': 'same-site' }]
    for (const headers of crossSite) {
      expectEnvelope(await call(route, cookie, headers), 403, 'forbidden')
    }
    expect((await school.database.db.select().from(apiTokens).where(eq(apiTokens.schoolId, school.id))).length).toBe(before)
    expect((await call(route, cookie, { 'sec-fetch-site': 'same-origin' })).status).toBe(201)
  })

  it('refuses a session that ended: idle for eight hours, seven days old, signed out, or its member removed', async () => {
    const session = routes[0]!
    expectEnvelope(await call(session, (await staffSession(school, 'admin', { ago: 8 * 3600_000 + 1000 })).cookie), 401, 'unauthenticated')
    const revoked = await staffSession(school, 'office')
    expect((await call(session, revoked.cookie)).status).toBe(200)
    await endSession(school.database, revoked.session.id)
    expectEnvelope(await call(session, revoked.cookie), 401, 'unauthenticated')
    const admin = await staffSession(school, 'admin')
    const removed = await staffSession(school, 'office')
    expect((await callApi(`/api/app/staff/${removed.member.id}`, { method: 'DELETE', headers: { cookie: admin.cookie } })).status).toBe(200)
    expectEnvelope(await call(session, removed.cookie), 401, 'unauthenticated')
  })

  it('answers a session past its absolute end with 401 however recently it was used', async () => {
    const old = await staffSession(school, 'admin', { ago: 7 * 86_400_000 + 1000 })
    expectEnvelope(await call(routes[0]!, old.cookie), 401, 'unauthenticated')
  })

  it('gives passkey_required to an emailed-code session where the school requires passkeys, except for registering one', async () => {
    const strict = await newSchool()
    await setSignInPolicy(strict.context, { passkeysRequired: true })
    const { cookie } = await staffSession(strict, 'admin', { method: 'code' })
    expectEnvelope(await callApi('/api/app/tokens', { headers: { cookie } }), 403, 'passkey_required')
    expect((await callApi('/api/app/passkeys', { headers: { cookie } })).status).toBe(200)
    expect((await callApi('/api/app/passkeys/options', { method: 'POST', body: {}, headers: { cookie } })).status).toBe(200)
    const withPasskey = await staffSession(strict, 'admin')
    expect((await callApi('/api/app/tokens', { headers: { cookie: withPasskey.cookie } })).status).toBe(200)
  })

  it('names every wrong field of a body by its path', async () => {
    const { cookie } = await staffSession(school, 'admin')
    const answer = await callApi(
      '/api/app/tokens', { method: 'POST', headers: { cookie }, body: { purpose: '', scopes: ['person.read', 'pizza.eat'], expiresInDays: 731 } }
    )
    expectEnvelope(answer, 400, 'validation_failed')
    expect(answer.body.data.fields.map((f: { path: string }) => f.path).sort()).toEqual(['expiresInDays', 'purpose', 'scopes[1]'])
  })

  it('keeps /api/app out of the v1 OpenAPI document', async () => {
    const document = (await callApi('/_openapi.json')).body
    // Paths are relative to the document's /api/v1 server; `/applications` is a v1 path, `/api/app/…` would not be.
    expect(document.servers[0].url).toMatch(/\/api\/v1$/)
    expect(Object.keys(document.paths).filter((path: string) => /^\/(api\/)?app(\/|$)/.test(path))).toEqual([])
  })
})
