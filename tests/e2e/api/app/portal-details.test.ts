import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activity, changeEvents, detailRequests, people } from '../../../../db/schema'
import { changePersonContact } from '../../../../server/domain/people/contact-details'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedFamily } from '../../../support/person-fixtures'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

describe('our details: a family asks, the office approves or rejects', () => {
  let school: School
  let family: Awaited<ReturnType<typeof seedFamily>>
  let mother: string, father: string, office: string

  beforeAll(async () => {
    school = await newSchool({ name: 'Portal Details School' })
    family = await seedFamily(school.context, { family: 'Details', child: 'Ari' })
    await changePersonContact(school.context, family.mother, { email: 'ngozi@example.org', phone: '+61 400 111 222' })
    await changePersonContact(school.context, family.father, { email: 'emeka@example.org', phone: '+61 400 333 444' })
    mother = (await familySession(school, family.mother)).cookie
    father = (await familySession(school, family.father)).cookie
    office = (await staffSession(school, 'office')).cookie
  })

  it('shows the adult their own details only, what the school keeps elsewhere, and no requests yet', async () => {
    const answer = await callApi('/api/app/portal/details', { headers: { cookie: mother } })
    expect(answer.body).toEqual({
      adult: { id: family.mother, familyName: 'Details', givenNames: 'Ngozi', email: 'ngozi@example.org', phone: '+61 400 111 222' },
      heldElsewhere: [],
      requests: []
    })
    expect(JSON.stringify(answer.body)).not.toContain('emeka@example.org')
  })

  it('a new phone goes through the queue: asked, replaced by a newer request, approved; the API and the events feed see it', async () => {
    const first = await callApi('/api/app/portal/details/requests', { headers: { cookie: mother }, body: { phone: '+61 400 999 000' } })
    expect(first.status).toBe(201)
    const asked = await callApi(
      '/api/app/portal/details/requests', { headers: { cookie: mother }, body: { phone: '+61 400 555 666', givenNames: 'Ngozi Ada' } }
    )
    expect(asked.status).toBe(201)
    expect(asked.body).toEqual({
      id: first.body.id, state: 'pending', childId: null, reason: null, decidedAt: null, createdAt: expect.any(String),
      changes: [{ field: 'givenNames', before: 'Ngozi', after: 'Ngozi Ada' }, { field: 'phone', before: '+61 400 111 222', after: '+61 400 555 666' }]
    })
    const rows = await school.database.db.select().from(detailRequests).where(eq(detailRequests.personId, family.mother))
    expect(rows).toHaveLength(1)

    const queue = await callApi('/api/app/detail-requests?state=pending', { headers: { cookie: office } })
    expect(queue.body).toEqual({
      items: [{ ...asked.body, adult: { id: family.mother, familyName: 'Details', givenNames: 'Ngozi' }, child: null, version: 2, decidedBy: null }],
      nextCursor: null
    })

    const token = await school.token(['person.read', 'event.read'])
    const before = (await callApi('/api/v1/events?limit=1000', { token })).body.nextCursor
    const approved = await callApi(`/api/app/detail-requests/${asked.body.id}/approve`, { method: 'POST', headers: { cookie: office }, body: { version: 2 } })
    expect(approved.body).toEqual({ id: asked.body.id, state: 'approved', decidedAt: expect.any(String) })
    const [person] = await school.database.db.select().from(people).where(eq(people.id, family.mother))
    expect(person).toMatchObject({ givenNames: 'Ngozi Ada', phone: '+61 400 555 666', email: 'ngozi@example.org' })
    // The v1 person carries names and date of birth (its contract has no contact fields); the feed tells the change.
    expect((await callApi(`/api/v1/people/${family.mother}`, { token })).body).toMatchObject({ id: family.mother, givenNames: 'Ngozi Ada' })
    const feed = await callApi(`/api/v1/events?after=${encodeURIComponent(before)}`, { token })
    expect(feed.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'person.updated', table: 'people', id: family.mother })]))
    const events = await school.database.db.select().from(changeEvents)
      .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.recordId, family.mother), eq(changeEvents.kind, 'person.updated')))
    expect(events.length).toBeGreaterThanOrEqual(1)
    const [decided] = await school.database.db.select().from(activity).where(and(eq(activity.schoolId, school.id), eq(activity.kind, 'detail_request.decided')))
    expect(decided).toMatchObject({ subjectId: family.mother })
    expect(JSON.parse(decided!.changes!)).toEqual({ givenNames: ['Ngozi', 'Ngozi Ada'], phone: ['+61 400 111 222', '+61 400 555 666'] })

    expectEnvelope(
      await callApi(`/api/app/detail-requests/${asked.body.id}/approve`, { method: 'POST', headers: { cookie: office }, body: { version: 2 } }), 409,
      'conflict'
    )
    expectEnvelope(
      await callApi(`/api/app/detail-requests/${asked.body.id}/reject`, { method: 'POST', headers: { cookie: office }, body: { reason: 'Late', version: 2 } }),
      409, 'conflict'
    )
    const mine = await callApi('/api/app/portal/details', { headers: { cookie: mother } })
    expect(mine.body.adult.phone).toBe('+61 400 555 666')
    expect(mine.body.requests).toEqual([expect.objectContaining({ id: asked.body.id, state: 'approved', decidedAt: approved.body.decidedAt })])
    expect((await callApi('/api/app/detail-requests?state=approved', { headers: { cookie: office } })).body.items[0].decidedBy).toMatch(/@example.org$/)
  })

  it('decides only the version the office read: a request replaced since is conflict, and nothing is written', async () => {
    const { cookie: cousin, email: cousinEmail } = await familySession(school, (await seedFamily(school.context, { family: 'Versions', child: 'Bea' })).mother)
    const read = await callApi('/api/app/portal/details/requests', { headers: { cookie: cousin }, body: { phone: '+61 400 777 888' } })
    expect(read.status).toBe(201)
    const shown = (await callApi('/api/app/detail-requests?state=pending&limit=100', { headers: { cookie: office } })).body.items.find((item: { id: string }) =>
      item.id === read.body.id)
    expect(shown.version).toBe(1)
    // The family replaces it after the office opened it: same id, new content, a new version.
    const replaced = await callApi('/api/app/portal/details/requests', { headers: { cookie: cousin }, body: { email: 'taken@example.org' } })
    expect(replaced.body.id).toBe(read.body.id)
    const personBefore = await school.database.db.select().from(people).where(eq(people.id, shown.adult.id))
    const eventsBefore = (await school.database.db.select().from(changeEvents).where(eq(changeEvents.schoolId, school.id))).length
    expectEnvelope(
      await callApi(`/api/app/detail-requests/${read.body.id}/approve`, { method: 'POST', headers: { cookie: office }, body: { version: shown.version } }),
      409, 'conflict'
    )
    expectEnvelope(await callApi(
      `/api/app/detail-requests/${read.body.id}/reject`,
      { method: 'POST', headers: { cookie: office }, body: { reason: 'No', version: shown.version } }
    ), 409, 'conflict')
    expect(await school.database.db.select().from(people).where(eq(people.id, shown.adult.id))).toEqual(personBefore)
    expect((await school.database.db.select().from(changeEvents).where(eq(changeEvents.schoolId, school.id))).length).toBe(eventsBefore)
    const [row] = await school.database.db.select().from(detailRequests).where(eq(detailRequests.id, read.body.id))
    expect(row).toMatchObject({ state: 'pending', version: 2, decidedAt: null })
    // Read again, it is decided as shown.
    const again = (await callApi('/api/app/detail-requests?state=pending&limit=100', { headers: { cookie: office } })).body.items.find((item: { id: string }) =>
      item.id === read.body.id)
    expect(again).toMatchObject({ version: 2, changes: [{ field: 'email', before: cousinEmail, after: 'taken@example.org' }] })
    expect((await callApi(`/api/app/detail-requests/${read.body.id}/approve`, { method: 'POST', headers: { cookie: office }, body: { version: 2 } })).status)
      .toBe(200)
    expect((await school.database.db.select().from(people).where(eq(people.id, shown.adult.id)))[0]).toMatchObject({ email: 'taken@example.org', phone: null })
    const missing = await callApi(`/api/app/detail-requests/${read.body.id}/approve`, { method: 'POST', headers: { cookie: office }, body: {} })
    expectEnvelope(missing, 400, 'validation_failed')
    expect(fieldPaths(missing)).toEqual(['version'])
  })

  it('a rejection keeps the office\'s reason, which the family reads', async () => {
    const asked = await callApi('/api/app/portal/details/requests', { headers: { cookie: father }, body: { email: 'e.details@example.org' } })
    expect(asked.status).toBe(201)
    const missing = await callApi(`/api/app/detail-requests/${asked.body.id}/reject`, { method: 'POST', headers: { cookie: office }, body: {} })
    expectEnvelope(missing, 400, 'validation_failed')
    expect(fieldPaths(missing)).toEqual(['reason', 'version'])
    const rejected = await callApi(
      `/api/app/detail-requests/${asked.body.id}/reject`,
      { method: 'POST', headers: { cookie: office }, body: { reason: 'Please send this from the address we hold.', version: 1 } }
    )
    expect(rejected.body).toMatchObject({ state: 'rejected' })
    const mine = await callApi('/api/app/portal/details', { headers: { cookie: father } })
    expect(mine.body.adult.email).toBe('emeka@example.org')
    expect(mine.body.requests[0]).toMatchObject({
      state: 'rejected', reason: 'Please send this from the address we hold.',
      changes: [{ field: 'email', before: 'emeka@example.org', after: 'e.details@example.org' }]
    })
    expect((await callApi('/api/app/detail-requests?state=rejected', { headers: { cookie: office } })).body.items.map((item: { id: string }) => item.id))
      .toEqual([asked.body.id])
  })

  it('refuses a request with nothing in it, bad values, unknown fields, and names the school keeps elsewhere', async () => {
    const empty = await callApi('/api/app/portal/details/requests', { headers: { cookie: father }, body: {} })
    expectEnvelope(empty, 400, 'validation_failed')
    expect(fieldPaths(empty)).toEqual(['email', 'familyName', 'givenNames', 'phone'])
    const bad = await callApi('/api/app/portal/details/requests', { headers: { cookie: father }, body: { email: 'nope', phone: 'call me', address: '1 Road' } })
    expectEnvelope(bad, 400, 'validation_failed')
    expect(fieldPaths(bad)).toEqual(['address', 'email', 'phone'])
    const same = await callApi('/api/app/portal/details/requests', { headers: { cookie: father }, body: { phone: '+61 400 333 444' } })
    expectEnvelope(same, 400, 'validation_failed')
    const { cookie: admin } = await staffSession(school, 'admin')
    expect((await callApi('/api/app/school', { method: 'PUT', headers: { cookie: admin }, body: { heldElsewhere: ['names'] } })).status).toBe(200)
    try {
      expectEnvelope(await callApi('/api/app/portal/details/requests', { headers: { cookie: father }, body: { familyName: 'Other' } }), 409, 'held_elsewhere')
      expect((await callApi('/api/app/portal/details', { headers: { cookie: father } })).body.heldElsewhere).toEqual(['names'])
    } finally {
      expect((await callApi('/api/app/school', { method: 'PUT', headers: { cookie: admin }, body: { heldElsewhere: [] } })).status).toBe(200)
    }
  })

  it('a change sent during a staff preview is preview_read_only and writes nothing', async () => {
    const { cookie } = await staffSession(school, 'office')
    expect((await callApi(`/api/app/people/${family.father}/portal-preview`, { method: 'POST', headers: { cookie } })).status).toBe(200)
    expect((await callApi('/api/app/portal/details', { headers: { cookie } })).body.adult.id).toBe(family.father)
    const count = async () => (await school.database.db.select().from(detailRequests).where(eq(detailRequests.personId, family.father))).length
    const before = await count()
    expectEnvelope(await callApi('/api/app/portal/details/requests', { headers: { cookie }, body: { phone: '+61 499 000 000' } }), 403, 'preview_read_only')
    expect(await count()).toBe(before)
  })

  it('keeps the queue to families.manage and pages it on the server', async () => {
    const { cookie: teacher } = await staffSession(school, 'teacher')
    expectEnvelope(await callApi('/api/app/detail-requests', { headers: { cookie: teacher } }), 403, 'forbidden')
    expectEnvelope(
      await callApi('/api/app/detail-requests/dcr_doesnotexist0000/approve', { method: 'POST', headers: { cookie: office }, body: { version: 1 } }),
      404, 'not_found'
    )
    expect(fieldPaths(await callApi('/api/app/detail-requests?state=open', { headers: { cookie: office } }))).toEqual(['state'])
    for (const adult of [family.mother, family.father]) {
      const { cookie } = await familySession(school, adult)
      expect((await callApi(
        '/api/app/portal/details/requests', { headers: { cookie }, body: { phone: `+61 411 ${adult === family.mother ? '111' : '222'} 333` } }
      )).status).toBe(201)
    }
    const first = await callApi('/api/app/detail-requests?state=pending&limit=1', { headers: { cookie: office } })
    expect(first.body.items).toHaveLength(1)
    const second = await callApi(
      `/api/app/detail-requests?state=pending&limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`, { headers: { cookie: office } }
    )
    expect(second.body.items).toHaveLength(1)
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id)
    expect(second.body.nextCursor).toBeNull()
  })
})
