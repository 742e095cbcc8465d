import { beforeAll, describe, expect, it } from 'vitest'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { staffSession, uniqueEmail } from '../../../support/staff-sessions'
import { adminJson } from '../../../support/admin-cli'
import { createTour } from '../../../../server/domain/admissions/tour-records'
import { recordEnquiry } from '../../../../server/domain/enquiries/record-enquiry'
import { recordActivity } from '../../../../server/domain/activity/record-activity'
import { setRoleCapabilities } from '../../../../server/domain/staff/roles'
import { requireSchool } from '../../../../server/domain/schools/find-school'
import { systemContext } from '../../../../server/domain/shared/context'
import { updateSchoolSettings } from '../../../../server/domain/schools/school-settings'

type School = Awaited<ReturnType<typeof newSchool>>
type Entry = { kind: string, actor: string, actorLabel: string, summary: string, changes: Record<string, [unknown, unknown]> }

const activityOf = async (cookie: string, query = '') => (await callApi(`/api/app/activity${query}`, { headers: { cookie } })).body.items as Entry[]

// Settings → School, Modules, Roles and Activity over /api/app: what the screens send and read.
describe('the school settings, modules, roles and activity routes', () => {
  let school: School
  let admin: Awaited<ReturnType<typeof staffSession>>
  beforeAll(async () => {
    school = await newSchool({ name: 'Settings College', campuses: [{ name: 'North', sisCode: 'N1' }, { name: 'South' }] })
    admin = await staffSession(school, 'admin')
  })
  const put = (path: string, body: unknown, cookie = admin.cookie) => callApi(path, { method: 'PUT', body, headers: { cookie } })

  it('reads and changes the school, recording each change with before → after', async () => {
    const read = await callApi('/api/app/school', { headers: { cookie: admin.cookie } })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ name: 'Settings College', timeZone: 'Australia/Sydney', audiences: ['families', 'international'] })
    expect(read.body.campuses.map((c: { name: string, sisCode: string | null }) => [c.name, c.sisCode])).toEqual([['North', 'N1'], ['South', null]])
    const north = read.body.campuses[0]
    const changed = await put('/api/app/school', {
      name: 'Settings Grammar', timeZone: 'Pacific/Auckland',
      campuses: [{ id: north.id, name: 'North', sisCode: 'NTH' }, { id: read.body.campuses[1].id, name: 'South' }, { name: 'East', sisCode: 'E' }],
      audiences: ['families', 'international', 'boarders']
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ name: 'Settings Grammar', timeZone: 'Pacific/Auckland', audiences: ['families', 'international', 'boarders'] })
    expect(changed.body.campuses.map((c: { name: string }) => c.name)).toEqual(['East', 'North', 'South'])
    const [entry] = await activityOf(admin.cookie, '?kind=school.changed')
    expect(entry).toMatchObject({ actor: `staff:${admin.member.id}`, actorLabel: admin.member.email })
    expect(entry!.changes).toMatchObject({
      name: ['Settings College', 'Settings Grammar'],
      timeZone: ['Australia/Sydney', 'Pacific/Auckland'],
      audiences: [['families', 'international'], ['families', 'international', 'boarders']],
      campuses: [['North (N1)', 'South'], ['East (E)', 'North (NTH)', 'South']]
    })
  })

  it('refuses to drop a campus or a list value still in use, with the reason beside the field, and changes nothing', async () => {
    const ctx = systemContext(school.database, await requireSchool(school.database, school.id), 'test')
    await createTour(ctx, { title: 'Open morning', startsAt: '2031-03-01T09:00:00+13:00', venue: 'Hall', capacity: 20, campus: 'South', audience: 'boarders' })
    await recordEnquiry(ctx, {
      student: { familyName: 'Tui', givenNames: 'Mere' },
      enquirer: { familyName: 'Tui', givenNames: 'Hone', relationship: 'grandparent', email: 'hone@example.org' }, channel: 'phone'
    })
    const before = (await callApi('/api/app/school', { headers: { cookie: admin.cookie } })).body
    const refused = await put('/api/app/school', {
      campuses: before.campuses.filter((c: { name: string }) => c.name !== 'South'),
      audiences: ['families'],
      channels: ['website', 'email'],
      relationships: ['mother', 'father']
    })
    const data = expectEnvelope(refused, 409, 'conflict')
    expect(data.fields!.map(f => f.path).sort()).toEqual(['audiences', 'campuses', 'channels', 'relationships'])
    expect(data.fields!.find(f => f.path === 'campuses')!.message).toContain('South is still named by 1')
    expect(data.fields!.find(f => f.path === 'audiences')!.message).toContain('"boarders" is still named by 1 record')
    expect((await callApi('/api/app/school', { headers: { cookie: admin.cookie } })).body).toEqual(before)
  })

  it('names a wrong field by its path: an unknown zone, a final year level not listed', async () => {
    const refused = await put('/api/app/school', { timeZone: 'Mars/Olympus', yearLevels: ['7', '8'], finalYearLevel: '12' })
    expect(refused.status).toBe(422)
    expect(refused.body.data.fields.map((f: { path: string }) => f.path).sort()).toEqual(['timeZone'])
    const final = await put('/api/app/school', { yearLevels: ['7', '8'], finalYearLevel: '12' })
    expect(final.body.data.fields.map((f: { path: string }) => f.path)).toEqual(['finalYearLevel'])
  })

  it('switches a module, and POST /api/v1/enquiries answers component_off on the next request', async () => {
    const token = await school.token(['enquiry.write'])
    const body = { student: { familyName: 'Rua', givenNames: 'Tama' }, enquirer: { familyName: 'Rua', givenNames: 'Ana', email: 'ana@example.org' } }
    expect((await callApi('/api/v1/enquiries', { token, body })).status).toBe(201)
    expect((await put('/api/app/modules/admissions', { mode: 'read_only' })).body).toEqual({ name: 'admissions', mode: 'read_only' })
    expectEnvelope(await callApi('/api/v1/enquiries', { token, body }), 403, 'component_off')
    const modules = (await callApi('/api/app/modules', { headers: { cookie: admin.cookie } })).body.items
    expect(modules).toContainEqual({ name: 'admissions', mode: 'read_only' })
    await put('/api/app/modules/admissions', { mode: 'on' })
    expect((await callApi('/api/v1/enquiries', { token, body })).status).toBe(201)
    const [entry] = await activityOf(admin.cookie, '?kind=modules.changed')
    expect(entry!.changes).toEqual({ admissions: ['read_only', 'on'] })
  })

  it('lists the roles with the catalogue\'s words, keeps staff.manage with admin, and records a role change', async () => {
    const roles = (await callApi('/api/app/roles', { headers: { cookie: admin.cookie } })).body
    expect(roles.capabilities).toContainEqual({ name: 'tokens.manage', grants: expect.stringContaining('issue, rotate and revoke') })
    const adminHolds: string[] = roles.items.find((r: { name: string }) => r.name === 'admin').capabilities
    const kept = await put('/api/app/roles/admin', { capabilities: adminHolds.filter(name => name !== 'staff.manage') })
    expect(kept.status).toBe(200)
    expect(kept.body.capabilities).toContain('staff.manage')
    await put('/api/app/roles/office', { capabilities: [...roles.items.find((r: { name: string }) => r.name === 'office').capabilities, 'tokens.manage'] })
    const entries = await activityOf(admin.cookie, '?kind=role.changed')
    expect(entries[0]).toMatchObject({ summary: 'The office role\'s capabilities changed', changes: { 'tokens.manage': [false, true] } })
    // Asked to drop staff.manage, the admin role kept it: the change it recorded is only that it is now the school's own list.
    expect(entries.filter(entry => entry.summary.startsWith('The admin role'))).toEqual([])
  })

  it('records staff, token and sign-in policy changes with who made them', async () => {
    const email = uniqueEmail('teacher')
    const added = await callApi('/api/app/staff', { method: 'POST', body: { email, role: 'teacher' }, headers: { cookie: admin.cookie } })
    expect(added.status).toBe(201)
    const id = added.body.member.id
    await callApi(`/api/app/staff/${id}`, { method: 'PATCH', body: { role: 'office' }, headers: { cookie: admin.cookie } })
    await callApi(`/api/app/staff/${id}/sessions`, { method: 'DELETE', headers: { cookie: admin.cookie } })
    await callApi(`/api/app/staff/${id}`, { method: 'DELETE', headers: { cookie: admin.cookie } })
    const issued = await callApi(
      '/api/app/tokens', { method: 'POST', body: { purpose: 'Website form', scopes: ['enquiry.write'] }, headers: { cookie: admin.cookie } }
    )
    const rotated = await callApi(`/api/app/tokens/${issued.body.id}/rotate`, { method: 'POST', body: {}, headers: { cookie: admin.cookie } })
    await callApi(`/api/app/tokens/${issued.body.id}`, { method: 'DELETE', headers: { cookie: admin.cookie } })
    await put('/api/app/sign-in-policy', { passkeysRequired: true })
    await put('/api/app/sign-in-policy', { passkeysRequired: false })

    const entries = await activityOf(admin.cookie, `?actor=${encodeURIComponent(`staff:${admin.member.id}`)}&limit=100`)
    const changesOf = (kind: string) => entries.filter(entry => entry.kind === kind).map(entry => entry.changes)
    expect(changesOf('staff.added')).toContainEqual({ role: [null, 'teacher'] })
    expect(changesOf('staff.changed')).toContainEqual({ role: ['teacher', 'office'] })
    expect(changesOf('staff.sessions_ended')).toContainEqual({ liveSessions: [0, 0] })
    expect(changesOf('staff.removed')).toContainEqual({ role: ['office', null] })
    expect(changesOf('token.issued')).toContainEqual(expect.objectContaining({ scopes: [null, 'enquiry.write'] }))
    expect(changesOf('token.rotated')).toContainEqual(expect.objectContaining({ id: [issued.body.id, rotated.body.id] }))
    expect(changesOf('token.revoked')).toHaveLength(1)
    expect(changesOf('sign_in_policy.changed')).toEqual([{ passkeysRequired: [true, false] }, { passkeysRequired: [false, true] }])
    expect(entries.every(entry => entry.actorLabel === admin.member.email)).toBe(true)
  })

  it('lists the admin CLI\'s changes as the CLI, and a change by the domain under the CLI\'s name the same', async () => {
    await adminJson(['school', 'set', '--id', school.id, '--held-elsewhere', 'names'])
    await updateSchoolSettings(systemContext(school.database, await requireSchool(school.database, school.id), 'cli'), { alumniRule: 'completed_final_year' })
    const entries = await activityOf(admin.cookie, `?actor=${encodeURIComponent('system:cli')}`)
    expect(entries.map(entry => [entry.actorLabel, entry.changes])).toEqual([
      ['the admin CLI', { alumniRule: ['any_former_student', 'completed_final_year'] }],
      ['the admin CLI', { heldElsewhere: [[], ['names']] }]
    ])
    const filters = (await callApi('/api/app/activity/filters', { headers: { cookie: admin.cookie } })).body
    expect(filters.actors).toContainEqual({ actor: 'system:cli', label: 'the admin CLI' })
  })

  it('pages from the server, and keeps restricted views from a caller without restricted.read', async () => {
    const own = await newSchool({ name: 'Restricted Views' })
    const ownAdmin = await staffSession(own, 'admin')
    for (let i = 0; i < 3; i++) {
      await own.database.transaction(tx => recordActivity(
        tx, own.context, { kind: 'restricted.viewed', subjectType: 'person', subjectId: `per_${i}`, summary: `Restricted record of per_${i} viewed` }
      ))
    }
    const first = await callApi('/api/app/activity?limit=2', { headers: { cookie: ownAdmin.cookie } })
    expect(first.body.items).toHaveLength(2)
    const second = await callApi(`/api/app/activity?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`, { headers: { cookie: ownAdmin.cookie } })
    expect([...first.body.items, ...second.body.items].filter((e: Entry) => e.kind === 'restricted.viewed')).toHaveLength(3)

    await setRoleCapabilities(own.context, 'office', ['settings.manage', 'person.read'])
    const office = await staffSession(own, 'office')
    const seen = await activityOf(office.cookie, '?limit=100')
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.some(entry => entry.kind.startsWith('restricted.'))).toBe(false)
    expect(await activityOf(office.cookie, '?kind=restricted.viewed')).toEqual([])
    const filters = (await callApi('/api/app/activity/filters', { headers: { cookie: office.cookie } })).body
    expect(filters.kinds.map((k: { name: string }) => k.name)).not.toContain('restricted.viewed')
    expectEnvelope(await callApi('/api/app/activity?kind=nothing.happened', { headers: { cookie: office.cookie } }), 400, 'validation_failed')
  })
})
