import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { detailRequests } from '../../../../db/schema'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedFamily } from '../../../support/person-fixtures'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

// Module switches hold on every surface: what the school switches off or keeps read-only, families meet too.
describe('the family portal under the school\'s module switches', () => {
  let school: School
  let family: Awaited<ReturnType<typeof seedFamily>>
  let mother: string, admin: string
  const get = (path: string) => callApi(path, { headers: { cookie: mother } })
  const switchModule = async (name: string, mode: 'on' | 'read_only' | 'off') => {
    expect((await callApi(`/api/app/modules/${name}`, { method: 'PUT', headers: { cookie: admin }, body: { mode } })).body).toEqual({ name, mode })
  }

  beforeAll(async () => {
    school = await newSchool({ name: 'Portal Modules School' })
    family = await seedFamily(school.context, { family: 'Switch', child: 'Tui' })
    mother = (await familySession(school, family.mother)).cookie
    admin = (await staffSession(school, 'admin')).cookie
  })

  it('with billing off, Who pays and Fees answer component_off to the family as the API\'s billing does; on again, they answer', async () => {
    const billingPaths = ['/api/app/portal/payers', `/api/app/portal/children/${family.child}/payers`, '/api/app/portal/fees']
    for (const path of billingPaths) expect((await get(path)).status, path).toBe(200)
    const token = await school.token(['billing.read'])
    await switchModule('billing', 'off')
    try {
      expectEnvelope(await callApi(`/api/v1/people/${family.child}/billing`, { token }), 403, 'component_off')
      for (const path of billingPaths) expectEnvelope(await get(path), 403, 'component_off')
      // The rest of the portal is not billing's; its menu leaves billing's sections out.
      const home = await get('/api/app/portal')
      expect(home.status).toBe(200)
      expect(home.body.sections.map((section: { name: string }) => section.name))
        .toEqual(['children', 'details', 'applications', 'consents', 'messages', 'absences'])
      expect((await get(`/api/app/portal/children/${family.child}`)).status).toBe(200)
    } finally {
      await switchModule('billing', 'on')
    }
    for (const path of billingPaths) expect((await get(path)).status, path).toBe(200)
  })

  it('with people read-only, a family cannot send a detail request (nothing written) but still reads its details', async () => {
    const count = async () => (await school.database.db.select().from(detailRequests).where(eq(detailRequests.personId, family.mother))).length
    await switchModule('people', 'read_only')
    try {
      expectEnvelope(
        await callApi('/api/app/portal/details/requests', { headers: { cookie: mother }, body: { phone: '+61 400 123 456' } }), 403, 'component_off'
      )
      expect(await count()).toBe(0)
      expect((await get('/api/app/portal/details')).status).toBe(200)
      // Absences are people's too: read, never reported.
      expectEnvelope(await callApi(
        '/api/app/portal/absences', { headers: { cookie: mother }, body: { childId: family.child, firstDay: '2026-01-01', reason: 'illness' } }
      ), 403, 'component_off')
      expect((await get('/api/app/portal/absences')).status).toBe(200)
      expect((await get('/api/app/portal')).status).toBe(200)
    } finally {
      await switchModule('people', 'on')
    }
    expect((await callApi('/api/app/portal/details/requests', { headers: { cookie: mother }, body: { phone: '+61 400 123 456' } })).status).toBe(201)
    expect(await count()).toBe(1)
  })

  it('with people off, the portal\'s records of people answer component_off', async () => {
    await switchModule('people', 'off')
    try {
      for (const path of ['/api/app/portal', '/api/app/portal/details', `/api/app/portal/children/${family.child}`, '/api/app/portal/data']) expectEnvelope(
        await get(path), 403, 'component_off'
      )
    } finally {
      await switchModule('people', 'on')
    }
  })
})
