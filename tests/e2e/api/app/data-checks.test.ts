import { beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '../../../../server/domain/days/calendar'
import { todayInZone } from '../../../../server/domain/days/clock'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { seedClass, seedYearFamilies } from '../../../support/consent-fixtures'
import { familySession } from '../../../support/family-sessions'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * The data check for a class through the routes (issue 40 point 5): the office starts it for 7B; one family confirms,
 * one corrects a phone (queued for the office), the third is reminded; hostile input answered in the envelope; the
 * child's record; and `/api/v1`, where `contact.read` reaches a child's contacts and `person.read` does not.
 */
describe('the data check over /api/app and /api/v1', () => {
  let school: School
  let other: School
  let office: string
  let teacher: string
  let checkId: string
  let today: string
  let families: Awaited<ReturnType<typeof seedYearFamilies>>
  const parents: string[] = []
  const asOffice = (path: string, init: { method?: string, body?: unknown } = {}) => callApi(path, { ...init, headers: { cookie: office } })
  const asParent = (i: number, path: string, body?: unknown) => callApi(path, { headers: { cookie: parents[i]! }, body })

  beforeAll(async () => {
    school = await newSchool({ name: 'Data Check Routes School' })
    other = await newSchool({ name: 'Data Check Elsewhere' })
    today = todayInZone(school.school.timeZone)
    families = await seedYearFamilies(school, '7', 3, `dckroutes${process.pid}${Date.now().toString(36)}-`)
    await seedClass(school, '7B', families.children)
    office = (await staffSession(school, 'office')).cookie
    teacher = (await staffSession(school, 'teacher')).cookie
    for (const parent of families.parents) parents.push((await familySession(school, parent.id)).cookie)
  })

  it('refuses the office\'s routes without a session, and to a role without families.manage, naming it', async () => {
    expectEnvelope(await callApi('/api/app/data-checks'), 401, 'unauthenticated')
    const refused = expectEnvelope(await callApi('/api/app/data-checks', { headers: { cookie: teacher } }), 403, 'forbidden')
    expect(refused).toMatchObject({ missingScope: 'families.manage' })
  })

  it('refuses hostile starts in the envelope, each beside its field', async () => {
    const bad = await asOffice('/api/app/data-checks', { body: { audience: 'class:7B\u0000', closesOn: '2026-02-30' } })
    expectEnvelope(bad, 400, 'validation_failed')
    expect(fieldPaths(bad)).toEqual(['audience', 'closesOn'])
    const long = await asOffice('/api/app/data-checks', { body: { audience: `class:${'x'.repeat(200)}`, closesOn: addDays(today, 7), extra: 1 } })
    expectEnvelope(long, 400, 'validation_failed')
    expectEnvelope(await asOffice('/api/app/data-checks', { body: { audience: 'class:9Z', closesOn: addDays(today, 7) } }), 422, 'audience_unknown')
  })

  it('starts a check for class 7B: every family asked, and the portal\'s front page says so', async () => {
    const started = await asOffice('/api/app/data-checks', { body: { audience: 'class:7B', closesOn: addDays(today, 14) } })
    expect(started.status).toBe(201)
    expect(started.body).toMatchObject({ audience: 'class:7B', open: true, counts: { adults: 3, children: 4, waiting: 3 } })
    checkId = started.body.id
    expect((await asParent(0, '/api/app/portal')).body.dataCheck).toEqual({ id: checkId, closesOn: addDays(today, 14) })
    const view = await asParent(0, '/api/app/portal/data-check')
    expect(view.status).toBe(200)
    expect(view.body.check).toMatchObject({ id: checkId, state: 'waiting' })
    expect(view.body.children).toHaveLength(2)
  })

  it('records one family\'s confirmation once, and no longer asks them on the front page', async () => {
    const confirmed = await asParent(0, '/api/app/portal/data-check/confirm', { checkId })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toMatchObject({ state: 'confirmed', requests: [] })
    expectEnvelope(await asParent(0, '/api/app/portal/data-check/confirm', { checkId }), 409, 'conflict')
    expect((await asParent(0, '/api/app/portal')).body.dataCheck).toBeNull()
  })

  it('queues another family\'s corrected phone for the office', async () => {
    const corrected = await asParent(1, '/api/app/portal/data-check/corrections', { checkId, own: { phone: '+64 21 555 0177' } })
    expect(corrected.status).toBe(201)
    expect(corrected.body).toMatchObject({ state: 'corrected', requests: [expect.stringMatching(/^dcr_/)] })
    const queue = await asOffice('/api/app/detail-requests?state=pending')
    expect(queue.body.items).toEqual([expect.objectContaining({
      id: corrected.body.requests[0], child: null, changes: [{ field: 'phone', before: null, after: '+64 21 555 0177' }]
    })])
  })

  it('refuses hostile corrections beside their fields, and a child the check does not ask the adult about as a stranger\'s', async () => {
    const child = families.children[2]!
    const bad = await asParent(1, '/api/app/portal/data-check/corrections', {
      checkId, children: [{ childId: child, collectors: [{ name: 'A\u0007B', phone: '+64 21 555 0100' }, { name: 'x'.repeat(201), phone: 'call me' }] }]
    })
    expectEnvelope(bad, 400, 'validation_failed')
    expect(fieldPaths(bad)).toEqual(['children[0].collectors[0].name', 'children[0].collectors[1].name', 'children[0].collectors[1].phone'])
    const many = await asParent(1, '/api/app/portal/data-check/corrections', {
      checkId, children: [{ childId: child, emergencyContacts: Array.from({ length: 11 }, () => ({ name: 'Aunt', phone: '+64 21 555 0100' })) }]
    })
    expect(fieldPaths(many)).toEqual(['children[0].emergencyContacts'])
    const stranger = await asParent(1, '/api/app/portal/data-check/corrections', { checkId, children: [{ childId: families.children[0]!, collectors: [] }] })
    expectEnvelope(stranger, 403, 'standing_withheld')
  })

  it('shows the office the class\'s progress and reminds the one family still waiting', async () => {
    const progress = await asOffice(`/api/app/data-checks/${checkId}/progress`)
    expect(progress.status).toBe(200)
    expect(progress.body).toEqual({
      items: [{ classCode: '7B', children: 4, adults: 3, waiting: 1, confirmed: 1, corrected: 1 }], nextCursor: null
    })
    const reminded = await asOffice(`/api/app/data-checks/${checkId}/reminders`, { body: {} })
    expect(reminded.status).toBe(200)
    expect(reminded.body.adults).toBe(1)
    const listed = await asOffice('/api/app/data-checks')
    expect(listed.body.items[0]).toMatchObject({ id: checkId, remindedAt: reminded.body.remindedAt })
    expectEnvelope(await asOffice('/api/app/data-checks/dck_unknowncheck0000000/progress'), 404, 'not_found')
  })

  it('keeps a child\'s contacts on their record: read with person.read, written with people.manage', async () => {
    const child = families.children[0]!
    const written = await asOffice(`/api/app/people/${child}/contacts`, {
      method: 'PUT', body: { emergencyContacts: [{ name: 'Gran Tui', phone: '+64 21 555 0188', relationship: 'grandmother' }], collectors: [] }
    })
    expect(written.status).toBe(200)
    const read = await callApi(`/api/app/people/${child}/child-care`, { headers: { cookie: teacher } })
    expect(read.body.emergencyContacts).toEqual([expect.objectContaining({ name: 'Gran Tui', phone: '+64 21 555 0188' })])
    const refused = await callApi(`/api/app/people/${child}/medical-needs`, { method: 'PUT', headers: { cookie: teacher }, body: { medicalNeeds: [] } })
    expect(expectEnvelope(refused, 403, 'forbidden')).toMatchObject({ missingScope: 'people.manage' })
  })

  it('gives a child\'s contacts to contact.read, not to person.read, and not across schools', async () => {
    const child = families.children[0]!
    const personReader = await school.token(['person.read'])
    const contactReader = await school.token(['contact.read'])
    const refused = await callApi(`/api/v1/people/${child}/contacts`, { token: personReader })
    expect(expectEnvelope(refused, 403, 'forbidden')).toMatchObject({ missingScope: 'contact.read' })
    const answer = await callApi(`/api/v1/people/${child}/contacts`, { token: contactReader })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      personId: child, emergencyContacts: [{ personId: null, name: 'Gran Tui', phone: '+64 21 555 0188', relationship: 'grandmother', order: 1 }],
      collectors: []
    })
    expect(JSON.stringify((await callApi(`/api/v1/people/${child}`, { token: personReader })).body)).not.toContain('Gran Tui')
    expectEnvelope(await callApi(`/api/v1/people/${child}/contacts`, { token: await other.token(['contact.read']) }), 404, 'not_found')
  })
})
