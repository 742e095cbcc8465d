import { beforeAll, describe, expect, inject, it } from 'vitest'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { insertAffiliation } from '../../../../server/domain/affiliations/open-affiliation'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { recordAbsenceForFamily, reportAbsence } from '../../../../server/domain/absences/report-absence'
import { recordUnexplainedAbsences } from '../../../../server/domain/absences/unexplained-intake'
import { addDays } from '../../../../server/domain/days/calendar'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { seedPortalFamilies } from '../../../support/portal-families'
import { seedClass } from '../../../support/consent-fixtures'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/** A one-pixel PNG: a document the server takes by its first bytes. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/*
 * The office's absence routes (docs/absences.md, "The office's side"; docs/screens.md, "Absences"): the day list and its
 * order and pages, acknowledging, recording one a family phoned in, a sensitive reason's document, and the settings.
 */
describe('/api/app/absences: the day list, acknowledging, recording for a family, documents and settings', () => {
  let school: School
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let office: string, teacher: string, admin: string
  let extra: { zed: string, amy: string, bo: string }
  let reported: string
  const as = (cookie: string, path: string, init: { method?: string, body?: unknown } = {}) => callApi(path, { ...init, headers: { cookie } })

  beforeAll(async () => {
    school = await newSchool({ name: 'Absences School' })
    families = await seedPortalFamilies(school)
    // Children in other year levels and homerooms, so the list's order (year level, homeroom, name) has something to show.
    extra = await writeChanges(school.context, async (tx, changes) => {
      const child = async (familyName: string, givenNames: string, yearLevel: string) => {
        const id = await insertPerson(tx, changes, school.id, { familyName, givenNames, dateOfBirth: '2019-01-01' })
        await insertAffiliation(tx, changes, school.school, { personId: id, kind: 'student', validFrom: '2024-01-29', yearLevel, campusId: null })
        return id
      }
      return { zed: await child('Adams', 'Zed', '1'), amy: await child('Brown', 'Amy', '1'), bo: await child('Clark', 'Bo', '5') }
    })
    await seedClass(school, '1A', [extra.amy])
    await seedClass(school, '1B', [extra.zed])
    const today = families.today
    reported = (await reportAbsence(school.context, { adultId: families.mother, childId: families.aroha, firstDay: today, reason: 'illness' })).id
    // These children have no family on file: the office records theirs.
    for (const childId of [extra.zed, extra.amy, extra.bo]) await recordAbsenceForFamily(school.context, { childId, firstDay: today, reason: 'family_reason' })
    await recordUnexplainedAbsences(school.context, [{ personId: families.wiremu, day: today, from: '09:00', to: '10:00' }])
    // A protected child's report: listed, marked, to staff holding restricted.read only.
    await recordAbsenceForFamily(school.context, { childId: families.mere, firstDay: today, reason: 'illness' })
    office = (await staffSession(school, 'office')).cookie
    teacher = (await staffSession(school, 'teacher')).cookie
    admin = (await staffSession(school, 'admin')).cookie
  })

  const guarded = () => [
    { method: 'GET', path: '/api/app/absences' },
    { method: 'POST', path: '/api/app/absences', body: { childId: families.aroha, firstDay: families.today, reason: 'illness' } },
    { method: 'POST', path: `/api/app/absences/${reported}/acknowledge`, body: {} },
    { method: 'GET', path: `/api/app/absences/${reported}/document` },
    { method: 'GET', path: '/api/app/absences/settings' },
    { method: 'GET', path: `/api/app/people/${families.aroha}/absences` }
  ]

  it('refuses every route without a session (401), and a teacher\'s role naming absences.manage (403)', async () => {
    for (const route of [...guarded(), { method: 'PUT', path: '/api/app/absences/settings', body: { reasons: ['illness'], sensitiveReasons: [] } }]) {
      expectEnvelope(await callApi(route.path, { method: route.method, body: route.body }), 401, 'unauthenticated')
    }
    for (const route of guarded()) {
      const answer = await as(teacher, route.path, { method: route.method, body: route.body })
      expectEnvelope(answer, 403, 'forbidden')
      expect(answer.body.data.detail.join(' '), `${route.method} ${route.path}`).toContain('absences.manage')
    }
  })

  it('lists the day by year level, homeroom and name, in pages whose counts are the whole day\'s', async () => {
    const first = await as(office, `/api/app/absences?day=${families.today}&limit=3`)
    expect(first.status).toBe(200)
    expect(first.body.day).toBe(families.today)
    expect(first.body.counts).toEqual({ reported: 4, unexplained: 1, acknowledged: 0 })
    expect(first.body.nextCursor).toBeTruthy()
    const second = await as(office, `/api/app/absences?day=${families.today}&limit=3&cursor=${encodeURIComponent(first.body.nextCursor)}`)
    expect(second.body.nextCursor).toBeNull()
    expect(second.body.counts).toEqual(first.body.counts)
    const lines = [...first.body.items, ...second.body.items]
    expect(lines.map((line: { child: { givenNames: string }, yearLevel: string, className: string | null }) =>
      `${line.yearLevel} ${line.className ?? '-'} ${line.child.givenNames}`)).toEqual(['1 1A Amy', '1 1B Zed', '3 - Wiremu', '3 - Aroha', '5 - Bo'])
    const wiremu = lines.find((line: { child: { id: string } }) => line.child.id === families.wiremu)
    expect(wiremu).toMatchObject({ kind: 'unexplained', reason: null, reportedBy: null, fromTime: '09:00', toTime: '10:00', acknowledged: false })
    expect(lines.find((line: { id: string }) => line.id === reported)).toMatchObject({ kind: 'reported', reason: 'illness', reportedBy: 'family' })
  })

  it('narrows the day by name and by year level, and counts what it lists', async () => {
    const named = await as(office, `/api/app/absences?day=${families.today}&q=aroha`)
    expect(named.body.items.map((line: { id: string }) => line.id)).toEqual([reported])
    const year = await as(office, `/api/app/absences?day=${families.today}&yearLevel=1`)
    expect(year.body.items.map((line: { child: { id: string } }) => line.child.id)).toEqual([extra.amy, extra.zed])
    expect(year.body.counts).toEqual({ reported: 2, unexplained: 0, acknowledged: 0 })
    const tomorrow = await as(office, `/api/app/absences?day=${addDays(families.today, 1)}`)
    expect(tomorrow.body).toMatchObject({ items: [], counts: { reported: 0, unexplained: 0, acknowledged: 0 }, nextCursor: null })
    expectEnvelope(await as(office, '/api/app/absences?day=tomorrow'), 400, 'validation_failed')
  })

  it('lists a protected child, marked, only to staff holding restricted.read', async () => {
    const forOffice = await as(office, `/api/app/absences?day=${families.today}&limit=100`)
    expect(forOffice.body.items.some((line: { child: { id: string } }) => line.child.id === families.mere)).toBe(false)
    const forAdmin = await as(admin, `/api/app/absences?day=${families.today}&limit=100`)
    expect(forAdmin.body.items.find((line: { child: { id: string } }) => line.child.id === families.mere)).toMatchObject({ restricted: true })
  })

  it('acknowledges a report once: a second acknowledgement answers it as it is', async () => {
    const once = await as(office, `/api/app/absences/${reported}/acknowledge`, { method: 'POST', body: {} })
    expect(once.status).toBe(200)
    expect(once.body.acknowledgedAt).toBeTruthy()
    const again = await as(admin, `/api/app/absences/${reported}/acknowledge`, { method: 'POST', body: {} })
    expect(again.body).toEqual(once.body)
    expect((await as(office, `/api/app/absences?day=${families.today}`)).body.counts.acknowledged).toBe(1)
    const record = await as(office, `/api/app/people/${families.aroha}/absences`)
    expect(record.body.items.find((absence: { id: string }) => absence.id === reported)).toMatchObject({
      acknowledged: true, acknowledgedAt: once.body.acknowledgedAt, reportedBy: 'family', reportedByAdult: 'Hine Ngata'
    })
    expectEnvelope(await as(office, '/api/app/absences/abs_doesnotexist/acknowledge', { method: 'POST', body: {} }), 404, 'not_found')
  })

  it('records an absence a family phoned in, for the adult who called, and refuses an adult without standing naming onBehalfOf', async () => {
    const body = { childId: families.rua, firstDay: families.today, lastDay: addDays(families.today, 1), reason: 'illness', note: 'A cold.' }
    const former = await as(office, '/api/app/absences', { method: 'POST', body: { ...body, onBehalfOf: families.former } })
    expectEnvelope(former, 422, 'unprocessable')
    expect(fieldPaths(former)).toEqual(['onBehalfOf'])
    const stranger = await as(office, '/api/app/absences', { method: 'POST', body: { ...body, onBehalfOf: families.mother } })
    expect(fieldPaths(stranger)).toEqual(['onBehalfOf'])
    const backwards = await as(office, '/api/app/absences', { method: 'POST', body: { ...body, lastDay: addDays(families.today, -1) } })
    expectEnvelope(backwards, 422, 'unprocessable')
    expect(fieldPaths(backwards)).toEqual(['lastDay'])

    const recorded = await as(office, '/api/app/absences', { method: 'POST', body: { ...body, onBehalfOf: families.guardian } })
    expect(recorded.status).toBe(201)
    const record = await as(office, `/api/app/people/${families.rua}/absences`)
    expect(record.body.items[0]).toMatchObject({
      id: recorded.body.id, firstDay: families.today, lastDay: addDays(families.today, 1), reason: 'illness', note: 'A cold.', reportedBy: 'office',
      acknowledged: false, withdrawn: false, hasDocument: false, documentName: null
    })
    expect(record.body.items[0].reportedByAdult).toContain('Moana Tuhoe')
    expect(record.body.items[0].enteredByName).toEqual(expect.any(String))
  })

  it('keeps a sensitive reason\'s document from the office without restricted.read, and serves it to an administrator', async () => {
    const body = {
      childId: families.aroha, firstDay: families.today, fromTime: '13:00', toTime: '15:00', reason: 'medical_appointment', note: 'Dentist',
      document: { name: 'letter.png', content: png.toString('base64') }
    }
    const recorded = await as(office, '/api/app/absences', { method: 'POST', body })
    expect(recorded.status).toBe(201)
    const forOffice = await as(office, `/api/app/people/${families.aroha}/absences`)
    expect(forOffice.body.items.find((absence: { id: string }) => absence.id === recorded.body.id))
      .toMatchObject({ sensitive: true, hasDocument: true, documentName: null, note: null, fromTime: '13:00', toTime: '15:00' })
    const refused = await as(office, `/api/app/absences/${recorded.body.id}/document`)
    expectEnvelope(refused, 403, 'forbidden')
    expect(refused.body.data.detail.join(' ')).toContain('restricted.read')

    const forAdmin = await as(admin, `/api/app/people/${families.aroha}/absences`)
    expect(forAdmin.body.items.find((absence: { id: string }) => absence.id === recorded.body.id))
      .toMatchObject({ documentName: 'letter.png', note: 'Dentist' })
    const file = await fetch(`${inject('baseUrl')}/api/app/absences/${recorded.body.id}/document`, { headers: { cookie: admin } })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true)

    const notADocument = await as(office, '/api/app/absences', { method: 'POST', body: { ...body, document: { name: 'a.txt', content: 'aGVsbG8=' } } })
    expectEnvelope(notADocument, 400, 'validation_failed')
    expect(fieldPaths(notADocument)).toEqual(['document.content'])
    expectEnvelope(await as(admin, `/api/app/absences/${reported}/document`), 404, 'not_found')
  })

  it('saves the reasons offered and those marked sensitive, for settings.manage only, and refuses a reason no longer offered', async () => {
    const chosen = { reasons: ['illness', 'other'], sensitiveReasons: ['other'] }
    const refused = await as(office, '/api/app/absences/settings', { method: 'PUT', body: chosen })
    expectEnvelope(refused, 403, 'forbidden')
    expect(refused.body.data.detail.join(' ')).toContain('settings.manage')
    const saved = await as(admin, '/api/app/absences/settings', { method: 'PUT', body: chosen })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual(chosen)
    expect((await as(office, '/api/app/absences/settings')).body).toEqual(chosen)
    const notOffered = await as(office, '/api/app/absences', {
      method: 'POST', body: { childId: families.rua, firstDay: families.today, reason: 'family_reason' }
    })
    expectEnvelope(notOffered, 400, 'validation_failed')
    expect(fieldPaths(notOffered)).toEqual(['reason'])
    expect(fieldPaths(await as(admin, '/api/app/absences/settings', { method: 'PUT', body: { reasons: [], sensitiveReasons: [] } }))).toEqual(['reasons'])
    const restored = {
      reasons: ['illness', 'medical_appointment', 'family_reason', 'religious_observance', 'other'], sensitiveReasons: ['medical_appointment']
    }
    expect((await as(admin, '/api/app/absences/settings', { method: 'PUT', body: restored })).body).toEqual(restored)
  })

  it('answers another school\'s child and absence as not found', async () => {
    const other = await newSchool({ name: 'Another School' })
    const stranger = (await staffSession(other, 'office')).cookie
    expectEnvelope(await as(stranger, `/api/app/people/${families.aroha}/absences`), 404, 'not_found')
    expectEnvelope(await as(stranger, `/api/app/absences/${reported}/acknowledge`, { method: 'POST', body: {} }), 404, 'not_found')
    expect((await as(stranger, `/api/app/absences?day=${families.today}`)).body.items).toEqual([])
  })
})
