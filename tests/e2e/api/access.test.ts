import { beforeAll, describe, expect, it } from 'vitest'
import { capabilityNames, scopeNames, type Capability, type Scope } from '../../../server/domain/access/catalogue'
import { builtInRoles, roleNames, type RoleName } from '../../../server/domain/access/roles'
import { recordCourtOrder } from '../../../server/domain/restricted/court-orders'
import { recordProtectionFlag } from '../../../server/domain/restricted/protection-flags'
import { setRoleCapabilities } from '../../../server/domain/staff/roles'
import { setSchoolModule } from '../../../server/domain/schools/create-school'
import { todayInZone } from '../../../server/domain/days/clock'
import { addDays } from '../../../server/domain/days/calendar'
import { callApi } from '../../support/api'
import { expectEnvelope } from '../../support/envelope'
import { newSchool } from '../../support/schools'
import { staffSession } from '../../support/staff-sessions'
import { acceptedApplication, applicationBody } from '../../support/admissions-fixtures'
import { addPeopleWithSpans, type TestSchool } from '../../support/roles-fixtures'

/*
 * The cases of tests/integration/access/access.test.ts through the routes: each caller kind on
 * `/api/v1` (tokens) and `/api/app` (staff sessions) against each route's capability, the personal
 * fields, and a protected child. A surface that asks access wrongly (or not at all) fails here.
 */

const v1Routes: { path: string, scope: Scope }[] = [
  { path: '/api/v1/people?limit=5', scope: 'person.read' },
  { path: '/api/v1/alumni?limit=100', scope: 'affiliation.read' },
  { path: '/api/v1/starters?limit=100', scope: 'starter.read' },
  { path: '/api/v1/exports', scope: 'export.read' }
]

const appRoutes: { path: string, capability: Capability }[] = [
  { path: '/api/app/roles', capability: 'settings.manage' },
  { path: '/api/app/sign-in-policy', capability: 'settings.manage' },
  { path: '/api/app/tokens', capability: 'tokens.manage' },
  { path: '/api/app/staff', capability: 'staff.manage' }
]

const tokenRows: { name: string, scopes: Scope[], personal: boolean }[] = [
  { name: 'person.read alone', scopes: ['person.read'], personal: true },
  { name: 'affiliation.read alone', scopes: ['affiliation.read'], personal: false },
  { name: 'affiliation.read and person.read', scopes: ['affiliation.read', 'person.read'], personal: true },
  { name: 'starter.read alone', scopes: ['starter.read'], personal: false },
  { name: 'export.read alone', scopes: ['export.read'], personal: false },
  { name: 'restricted.read alone', scopes: ['restricted.read'], personal: false },
  { name: 'every scope', scopes: scopeNames, personal: true }
]

// The school changes `teacher` so that it grants the restricted record and token management (a delegated role).
const delegatedTeacher: Capability[] = ['person.read', 'roster.read', 'restricted.read', 'tokens.manage']
const staffRows: { role: RoleName, holds: readonly Capability[] }[] = [
  ...roleNames.filter(role => role !== 'teacher').map(role => ({ role, holds: builtInRoles[role] })),
  { role: 'teacher', holds: delegatedTeacher }
]

describe('access through the routes', () => {
  let school: TestSchool
  let alumnus: string
  const starters: Record<'protected' | 'ordered' | 'free', string> = { protected: '', ordered: '', free: '' }

  beforeAll(async () => {
    school = await newSchool()
    const today = todayInZone(school.school.timeZone)
    ;[alumnus] = await addPeopleWithSpans(
      school, [{ familyName: 'Leaver', givenNames: 'Lee', spans: [{ validFrom: '2018-01-29', validTo: '2024-12-06', yearLevel: '12' }] }]
    )
    for (const which of ['protected', 'ordered', 'free'] as const) {
      starters[which] = (await acceptedApplication(school, applicationBody(), { startsOn: addDays(today, 10) })).studentId
    }
    await recordProtectionFlag(school.context, starters.protected, { kind: 'child_protection' })
    await recordCourtOrder(school.context, starters.ordered, { kind: 'parenting_order', validFrom: addDays(today, -30) })
    await setRoleCapabilities(school.context, 'teacher', delegatedTeacher)
  })

  describe.each(tokenRows)('/api/v1 with a token holding $name', (row) => {
    let token: string
    beforeAll(async () => {
      token = await school.token(row.scopes)
    })

    it.each(v1Routes)('$path: answered only with $scope', async ({ path, scope }) => {
      const answer = await callApi(path, { token })
      if (row.scopes.includes(scope)) expect(answer.status).toBe(200)
      else expect(expectEnvelope(answer, 403, 'forbidden') && answer.body.data.missingScope).toBe(scope)
    })

    it('sees an alumnus\'s names (personal fields) only with person.read', async ({ skip }) => {
      if (!row.scopes.includes('affiliation.read')) skip()
      const [entry] = (await callApi('/api/v1/alumni?limit=100', { token })).body.items.filter((item: any) => item.id === alumnus)
      expect(entry).toBeDefined()
      expect('familyName' in entry).toBe(row.personal)
    })

    it('never has a protected child, or one under a court order, handed on', async ({ skip }) => {
      if (!row.scopes.includes('starter.read')) skip()
      const listed = (await callApi('/api/v1/starters?limit=100', { token })).body.items.map((item: any) => item.personId)
      expect(listed).toContain(starters.free)
      expect(listed).not.toContain(starters.protected)
      expect(listed).not.toContain(starters.ordered)
    })
  })

  describe.each(staffRows)('/api/app as a member whose role is $role', (row) => {
    let cookie: string
    beforeAll(async () => {
      cookie = (await staffSession(school, row.role)).cookie
    })

    it('is told exactly the capabilities its role holds at the school', async () => {
      const answer = await callApi('/api/app/session', { headers: { cookie } })
      expect(answer.status).toBe(200)
      expect(answer.body.account.capabilities).toEqual([...row.holds].sort())
      expect(answer.body.account.capabilities.every((name: string) => capabilityNames.includes(name as Capability))).toBe(true)
    })

    it.each(appRoutes)('$path: answered only with $capability', async ({ path, capability }) => {
      const answer = await callApi(path, { headers: { cookie } })
      if (row.holds.includes(capability)) expect(answer.status).toBe(200)
      else expect(expectEnvelope(answer, 403, 'forbidden') && answer.body.data.missingScope).toBe(capability)
    })
  })

  it('switches a module off for every caller alike, before asking for the capability', async () => {
    const other = await newSchool()
    await setSchoolModule(other.context, 'admissions', 'off')
    for (const scopes of [['starter.read'], ['person.read']] as Scope[][]) {
      expectEnvelope(await callApi('/api/v1/starters', { token: await other.token(scopes) }), 403, 'component_off')
    }
    await setSchoolModule(other.context, 'admissions', 'read_only')
    expect((await callApi('/api/v1/starters', { token: await other.token(['starter.read']) })).status).toBe(200)
    expectEnvelope(await callApi('/api/v1/enquiries', { method: 'POST', token: await other.token(['enquiry.write']), body: {} }), 403, 'component_off')
  })
})
