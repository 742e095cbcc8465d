import { beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq } from 'drizzle-orm'
import { activity, campuses, schools } from '../../../../db/schema'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedKeyDates, seedPortalFamilies } from '../../../support/portal-families'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

describe('the family portal: a child, who pays, and the sections the school switches off', () => {
  let school: School, other: School
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let elsewhere: Awaited<ReturnType<typeof seedPortalFamilies>>
  const cookies: Record<string, string> = {}
  const get = (path: string, adult: string) => callApi(path, { headers: { cookie: cookies[adult]! } })

  beforeAll(async () => {
    school = await newSchool({ name: 'Portal Children School', campuses: [{ name: 'North' }, { name: 'South' }] })
    const [campus] = await school.database.db.select().from(campuses).where(eq(campuses.schoolId, school.id)).orderBy(asc(campuses.name))
    families = await seedPortalFamilies(school, campus!.id)
    await seedKeyDates(school, families.today)
    other = await newSchool({ name: 'Portal Children Elsewhere' })
    elsewhere = await seedPortalFamilies(other)
    for (const adult of ['mother', 'father', 'resident', 'separated', 'safe', 'unsafe', 'former', 'guardian'] as const) {
      cookies[families[adult]] = (await familySession(school, families[adult])).cookie
    }
  })

  it('shows a parent their child: names, year level, campus and the school\'s key dates still to come, nothing else', async () => {
    const answer = await get(`/api/app/portal/children/${families.aroha}`, families.mother)
    expect(answer.status).toBe(200)
    const year = families.today.slice(0, 4)
    expect(answer.body).toEqual({
      child: { id: families.aroha, familyName: 'Ngata', givenNames: 'Aroha' },
      yearLevel: '3',
      campus: 'North',
      keyDates: [
        { title: `School year ${year}`, kind: 'school_year', startsOn: `${year}-01-01`, endsOn: `${year}-12-31` },
        ...(families.today <= `${year}-12-18` ? [{ title: 'Term 4', kind: 'term', startsOn: `${year}-10-01`, endsOn: `${year}-12-18` }] : [])
      ]
    })
    expect(JSON.stringify(answer.body)).not.toContain('2016-02-03')
    expect(JSON.stringify(answer.body)).not.toContain('+61')
  })

  it('gives the separated parent under a court order, a stranger, an unknown id and another school\'s child the same answer and body', async () => {
    const answers = await Promise.all([
      get(`/api/app/portal/children/${families.tama}`, families.separated),
      get(`/api/app/portal/children/${families.tama}`, families.mother),
      get('/api/app/portal/children/per_doesnotexist000000000', families.separated),
      get(`/api/app/portal/children/${elsewhere.tama}`, families.separated)
    ])
    const bodies = answers.map((answer) => {
      expectEnvelope(answer, 403, 'standing_withheld')
      const { traceId: _traceId, ...data } = answer.body.data
      return { ...answer.body, data }
    })
    for (const body of bodies) expect(body).toEqual(bodies[0])
    expect(JSON.stringify(bodies[0])).not.toMatch(/Tama|court|order|flag/i)
    // Every answer names the child, so an order keeping the parent from details keeps them from who pays too, though they pay a share.
    expectEnvelope(await get(`/api/app/portal/children/${families.tama}/payers`, families.separated), 403, 'standing_withheld')
    expect((await get('/api/app/portal/payers', families.separated)).body).toEqual({ children: [] })
    expect((await get(`/api/app/portal/children/${families.tama}`, families.resident)).status).toBe(200)
  })

  it('shows a protected child to the adult the flag names as safe, and to no other parent', async () => {
    expect((await get(`/api/app/portal/children/${families.mere}`, families.safe)).body).toMatchObject({ child: { id: families.mere } })
    expectEnvelope(await get(`/api/app/portal/children/${families.mere}`, families.unsafe), 403, 'standing_withheld')
    expectEnvelope(await get(`/api/app/portal/children/${families.mere}/payers`, families.unsafe), 403, 'standing_withheld')
    expect((await get('/api/app/portal', families.unsafe)).body.children).toEqual([])
    expect((await get('/api/app/portal/payers', families.unsafe)).body).toEqual({ children: [] })
  })

  it('shows a carer whose responsibility ended last month nothing at all', async () => {
    expectEnvelope(await get(`/api/app/portal/children/${families.rua}`, families.former), 403, 'standing_withheld')
    expectEnvelope(await get(`/api/app/portal/children/${families.rua}/payers`, families.former), 403, 'standing_withheld')
    expect((await get('/api/app/portal', families.former)).body.children).toEqual([])
    expect((await get('/api/app/portal/payers', families.former)).body).toEqual({ children: [] })
    expect((await get(`/api/app/portal/children/${families.rua}`, families.guardian)).status).toBe(200)
  })

  it('tells who pays in basis points and concessions by kind, never an amount; the list holds every child with billing standing', async () => {
    const answer = await get(`/api/app/portal/children/${families.aroha}/payers`, families.father)
    expect(answer.body).toEqual({
      child: { id: families.aroha, familyName: 'Ngata', givenNames: 'Aroha' },
      categories: [{ category: 'all', payers: [
        { id: families.mother, familyName: 'Ngata', givenNames: 'Hine', share: 5000 },
        { id: families.father, familyName: 'Ngata', givenNames: 'Rawiri', share: 5000 }
      ] }],
      concessions: [{ kind: 'sibling', validFrom: '2024-01-29', validTo: null }]
    })
    expect((await get('/api/app/portal/payers', families.father)).body).toEqual({ children: [answer.body] })
    const tama = await get(`/api/app/portal/children/${families.tama}/payers`, families.resident)
    expect(tama.body.categories[0].payers.map((payer: { share: number }) => payer.share).sort()).toEqual([3000, 7000])
  })

  it('refuses an id that is not an id beside the field, and no session or no family access as it refuses them everywhere', async () => {
    const malformed = await get('/api/app/portal/children/not-an-id', families.mother)
    expectEnvelope(malformed, 400, 'validation_failed')
    expect(fieldPaths(malformed)).toEqual(['id'])
    expectEnvelope(await callApi(`/api/app/portal/children/${families.aroha}`), 401, 'unauthenticated')
    const { cookie } = await staffSession(school, 'admin')
    expectEnvelope(await callApi(`/api/app/portal/children/${families.aroha}`, { headers: { cookie } }), 403, 'no_portal_identity')
  })

  it('a section the school switches off answers section_off to families, and still answers staff previewing; Activity records it', async () => {
    const { cookie: admin } = await staffSession(school, 'admin')
    const { cookie: office } = await staffSession(school, 'office')
    const versionBefore = (await school.database.db.select({ v: schools.dataVersion }).from(schools).where(eq(schools.id, school.id)))[0]!.v
    expect((await callApi('/api/app/portal-sections', { method: 'PUT', headers: { cookie: admin }, body: { off: ['payers', 'children'] } })).body)
      .toEqual({ off: ['children', 'payers'] })
    expect((await callApi('/api/app/portal-sections', { headers: { cookie: admin } })).body).toEqual({ off: ['children', 'payers'] })
    const versionAfter = (await school.database.db.select({ v: schools.dataVersion }).from(schools).where(eq(schools.id, school.id)))[0]!.v
    expect(versionAfter).toBeGreaterThan(versionBefore)
    try {
      expectEnvelope(await get(`/api/app/portal/children/${families.aroha}`, families.mother), 403, 'section_off')
      expectEnvelope(await get('/api/app/portal/payers', families.mother), 403, 'section_off')
      expect((await get('/api/app/portal', families.mother)).body.sections.map((section: { name: string }) => section.name))
        .toEqual(['details', 'applications', 'consents', 'messages', 'fees', 'absences'])
      expect((await callApi(`/api/app/people/${families.mother}/portal-preview`, { method: 'POST', headers: { cookie: office } })).status).toBe(200)
      expect((await callApi(`/api/app/portal/children/${families.aroha}`, { headers: { cookie: office } })).body)
        .toMatchObject({ child: { id: families.aroha } })
      expect((await callApi('/api/app/portal/payers', { headers: { cookie: office } })).body.children).toHaveLength(1)
      // Standing holds in a preview as for the adult: the mother sees nothing of Tama there either.
      expectEnvelope(await callApi(`/api/app/portal/children/${families.tama}`, { headers: { cookie: office } }), 403, 'standing_withheld')
    } finally {
      expect((await callApi('/api/app/portal-sections', { method: 'PUT', headers: { cookie: admin }, body: { off: [] } })).status).toBe(200)
    }
    expect((await get(`/api/app/portal/children/${families.aroha}`, families.mother)).status).toBe(200)
    const recorded = await school.database.db.select().from(activity).where(and(eq(activity.schoolId, school.id), eq(activity.kind, 'portal_sections.changed')))
    expect(recorded.map(row => row.summary))
      .toEqual(expect.arrayContaining(['Family portal sections changed: children, payers off', 'Family portal sections changed: children, payers on']))
  })

  it('keeps the sections setting to settings.manage, with every bad section named', async () => {
    const { cookie: office } = await staffSession(school, 'office')
    expectEnvelope(await callApi('/api/app/portal-sections', { method: 'PUT', headers: { cookie: office }, body: { off: [] } }), 403, 'forbidden')
    const { cookie: admin } = await staffSession(school, 'admin')
    const bad = await callApi('/api/app/portal-sections', { method: 'PUT', headers: { cookie: admin }, body: { off: ['children', 'newsletters'] } })
    expectEnvelope(bad, 400, 'validation_failed')
    expect(fieldPaths(bad)).toEqual(['off[1]'])
  })
})
