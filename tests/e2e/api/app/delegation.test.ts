import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { staffAccess } from '../../../../db/schema'
import { builtInRoles, roleCapabilities } from '../../../../server/domain/access/roles'
import { setRoleCapabilities } from '../../../../server/domain/staff/roles'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>
const stale = { ago: 6 * 60_000 }

/** A delegated capability never exceeds its holder (docs/security.md, section 4). */
describe('delegation stays within what the delegating member holds', () => {
  let school: School
  let delegate: Awaited<ReturnType<typeof staffSession>>
  beforeAll(async () => {
    school = await newSchool()
    // The office role, given the settings and staff capabilities but never restricted.read.
    await setRoleCapabilities(school.context, 'office', [...builtInRoles.office, 'tokens.manage', 'staff.manage', 'settings.manage'])
    delegate = await staffSession(school, 'office')
  })
  const as = (cookie: string, path: string, request: { method?: string, body?: unknown } = {}) => callApi(path, { ...request, headers: { cookie } })
  const roleOf = async (id: string) => (await school.database.db.select({ role: staffAccess.role }).from(staffAccess)
    .where(and(eq(staffAccess.accountId, id), isNull(staffAccess.endedAt))))[0]?.role

  it('refuses a token with a scope the member lacks, naming it, and issues one within their scopes', async () => {
    for (const path of ['/api/app/tokens', '/api/app/tokens/rostering']) {
      const refused = await as(delegate.cookie, path, { body: { purpose: 'Exfiltrate', scopes: ['person.read', 'restricted.read'] } })
      expect(expectEnvelope(refused, 403, 'forbidden').detail.join(' ')).toContain('restricted.read')
      expect(refused.body.data.missingScope).toBe('restricted.read')
    }
    expect((await as(delegate.cookie, '/api/app/tokens', { body: { purpose: 'Website', scopes: ['person.read', 'enquiry.write'] } })).status).toBe(201)
  })

  it('refuses to rotate a token that carries a scope the member lacks', async () => {
    const { id } = await school.tokenWithId(['person.read', 'restricted.read'])
    const refused = await as(delegate.cookie, `/api/app/tokens/${id}/rotate`, { body: {} })
    expectEnvelope(refused, 403, 'forbidden')
    expect(refused.body.data.missingScope).toBe('restricted.read')
  })

  it('refuses the admin role to anyone, the member included, unless an administrator gives it', async () => {
    const other = await staffSession(school, 'teacher')
    for (const [path, method, body] of [
      [`/api/app/staff/${delegate.member.id}`, 'PATCH', { role: 'admin' }],
      [`/api/app/staff/${other.member.id}`, 'PATCH', { role: 'admin' }],
      ['/api/app/staff', 'POST', { email: 'new-admin@example.org', role: 'admin' }]
    ] as const) {
      expect(expectEnvelope(await as(delegate.cookie, path, { method, body }), 403, 'forbidden').detail.join(' ')).toContain('Only an administrator')
    }
    expect(await roleOf(delegate.member.id)).toBe('office')
    expect(await roleOf(other.member.id)).toBe('teacher')
    const admin = await staffSession(school, 'admin')
    expect((await as(admin.cookie, `/api/app/staff/${other.member.id}`, { method: 'PATCH', body: { role: 'admin' } })).body.role).toBe('admin')
  })

  it('refuses a role whose capabilities exceed the member\'s own, even for themselves', async () => {
    const wider = await newSchool()
    await setRoleCapabilities(wider.context, 'teacher', ['person.read', 'restricted.read'])
    await setRoleCapabilities(wider.context, 'office', [...builtInRoles.office, 'staff.manage'])
    const member = await staffSession(wider, 'office')
    const answer = await as(member.cookie, `/api/app/staff/${member.member.id}`, { method: 'PATCH', body: { role: 'teacher' } })
    expectEnvelope(answer, 403, 'forbidden')
    expect(answer.body.data.missingScope).toBe('restricted.read')
  })

  it('refuses to give a role a capability the member lacks, and to change the admin role at all', async () => {
    const escalate = await as(
      delegate.cookie, '/api/app/roles/office',
      { method: 'PUT', body: { capabilities: [...builtInRoles.office, 'tokens.manage', 'staff.manage', 'settings.manage', 'restricted.read'] } }
    )
    expectEnvelope(escalate, 403, 'forbidden')
    expect(escalate.body.data.missingScope).toBe('restricted.read')
    expect((await roleCapabilities(school.database, school.id, 'office')).has('restricted.read')).toBe(false)
    expectEnvelope(await as(delegate.cookie, '/api/app/roles/admin', { method: 'PUT', body: { capabilities: ['person.read'] } }), 403, 'forbidden')
    // What the role holds already may be sent back whole, less what the member gives up.
    expect((await as(
      delegate.cookie, '/api/app/roles/teacher', { method: 'PUT', body: { capabilities: ['person.read', 'affiliation.read', 'roster.read'] } }
    )).status).toBe(200)
  })

  it('refuses a non-administrator demoting or removing an administrator', async () => {
    const target = await staffSession(school, 'admin')
    expectEnvelope(await as(delegate.cookie, `/api/app/staff/${target.member.id}`, { method: 'PATCH', body: { role: 'teacher' } }), 403, 'forbidden')
    expectEnvelope(await as(delegate.cookie, `/api/app/staff/${target.member.id}`, { method: 'DELETE' }), 403, 'forbidden')
    expect(await roleOf(target.member.id)).toBe('admin')
    expect((await as(target.cookie, '/api/app/session')).status).toBe(200)
  })

  it('asks an administrator for a recent passkey proof to demote or remove an administrator, end another\'s sessions or change a role', async () => {
    const admin = await staffSession(school, 'admin', stale)
    const target = await staffSession(school, 'admin')
    const member = await staffSession(school, 'teacher')
    expectEnvelope(await as(admin.cookie, `/api/app/staff/${target.member.id}`, { method: 'PATCH', body: { role: 'teacher' } }), 403, 'step_up_required')
    expectEnvelope(await as(admin.cookie, `/api/app/staff/${target.member.id}`, { method: 'DELETE' }), 403, 'step_up_required')
    expectEnvelope(await as(admin.cookie, `/api/app/staff/${member.member.id}/sessions`, { method: 'DELETE' }), 403, 'step_up_required')
    expectEnvelope(await as(admin.cookie, '/api/app/roles/teacher', { method: 'PUT', body: { capabilities: ['person.read'] } }), 403, 'step_up_required')
    expect(await roleOf(target.member.id)).toBe('admin')
    expect((await as(member.cookie, '/api/app/session')).status).toBe(200)
    // A member who is not an administrator changes without a step-up, within their own role.
    expect((await as(admin.cookie, `/api/app/staff/${member.member.id}`, { method: 'PATCH', body: { role: 'read_only' } })).status).toBe(200)

    const fresh = await staffSession(school, 'admin')
    expect((await as(fresh.cookie, `/api/app/staff/${target.member.id}`, { method: 'PATCH', body: { role: 'teacher' } })).body.role).toBe('teacher')
    expect((await as(fresh.cookie, `/api/app/staff/${member.member.id}/sessions`, { method: 'DELETE' })).status).toBe(200)
  })
})
