import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { classes, tours } from '../../../../db/schema'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { openAffiliation } from '../../../../server/domain/affiliations/open-affiliation'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { saveAcademicSession } from '../../../../server/domain/timetable/save-academic-session'
import { importTimetable } from '../../../../server/domain/timetable/import-timetable'
import { recordProtectionFlag } from '../../../../server/domain/restricted/protection-flags'
import { todayInZone } from '../../../../server/domain/days/clock'
import { addDays } from '../../../../server/domain/days/calendar'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'
import { acceptedApplication, addTour, applicationBody, daysFromNow } from '../../../support/admissions-fixtures'
import type { TestSchool } from '../../../support/roles-fixtures'
import type { RoleName } from '../../../../server/domain/access/roles'

const header = 'classCode,classTitle,classType,courseCode,courseTitle,subject,yearLevels,terms,room,periods,personId,role,loginName'

/** A school with a term this year, two students (one of them protected), a teacher, and a class of them loaded from CSV. */
async function schoolWithTimetable(name: string) {
  const school = await newSchool({ name, campuses: [{ name: 'North', sisCode: 'N1' }, { name: 'South' }] })
  const today = todayInZone(school.school.timeZone)
  const year = today.slice(0, 4)
  const ids: Record<string, string> = {}
  for (const [key, familyName, givenNames, kind] of [
    ['ava', 'Ng', 'Ava', 'student'], ['ben', 'Hidden', 'Ben', 'student'], ['jo', 'Lee', 'Jo', 'staff_member']
  ] as const) {
    ids[key] = await writeChanges(school.context, (tx, changes) => insertPerson(tx, changes, school.id, { familyName, givenNames }))
    await openAffiliation(school.context, { personId: ids[key]!, kind, validFrom: addDays(today, -30), ...(kind === 'student' ? { yearLevel: '7' } : {}) })
  }
  await saveAcademicSession(school.context, { code: year, title: year, kind: 'school_year', startsOn: `${year}-01-01`, endsOn: `${year}-12-31` })
  await saveAcademicSession(
    school.context, { code: `${year}T`, title: 'This term', kind: 'term', startsOn: `${year}-01-01`, endsOn: `${year}-12-31`, parentCode: year }
  )
  const row = (person: string, role: string) => `7A,Maths 7A,scheduled,MAT7,Maths 7,Mathematics,7,${year}T,R1,1 3,${person},${role},`
  const loaded = await importTimetable(school.context, [header, row(ids.jo!, 'lead'), row(ids.ava!, 'student'), row(ids.ben!, 'student')].join('\n'))
  expect(loaded.problems).toEqual([])
  await recordProtectionFlag(school.context, ids.ben!, { kind: 'suppressed_details' })
  const [found] = await school.database.db.select({ id: classes.id }).from(classes).where(eq(classes.schoolId, school.id))
  return { school, ids, classId: found!.id, year }
}

describe('/api/app tours, starters and classes', () => {
  let school: TestSchool
  let other: TestSchool
  let classId: string
  let otherClassId: string
  let year: string
  const ids: Record<string, string> = {}
  const cookies = {} as Record<RoleName, string>

  beforeAll(async () => {
    const made = await schoolWithTimetable('Office Lists College')
    school = made.school
    classId = made.classId
    year = made.year
    Object.assign(ids, made.ids)
    const elsewhere = await schoolWithTimetable('Elsewhere College')
    other = elsewhere.school
    otherClassId = elsewhere.classId
    ids.tour = await addTour(school, { title: 'Open morning', campus: 'North', capacity: 2 })
    ids.otherTour = await addTour(other, { title: 'Their tour', campus: 'North' })
    const today = todayInZone(school.school.timeZone)
    const flagged = await acceptedApplication(
      school, applicationBody({ student: { familyName: 'Kauri', givenNames: 'Flagged', dateOfBirth: '2019-02-02' } }),
      { startsOn: addDays(today, 10), campus: 'North' }
    )
    await recordProtectionFlag(school.context, flagged.studentId, { kind: 'suppressed_details' })
    ids.flagged = flagged.studentId
    ids.waiting = (await acceptedApplication(school, applicationBody(), { startsOn: addDays(today, 11), campus: 'South' })).studentId
    for (const role of ['admin', 'office', 'teacher', 'read_only'] as const) cookies[role] = (await staffSession(school, role)).cookie
  })

  const app = (path: string, role: RoleName, init: { method?: string, body?: unknown, headers?: Record<string, string> } = {}) =>
    callApi(path, { ...init, headers: { cookie: cookies[role], ...init.headers } })

  // Each route with its capability and a built-in role that lacks it.
  const routes: [string, string, string, RoleName, unknown?][] = [
    ['GET', '/api/app/tours', 'admissions.manage', 'teacher'],
    [
      'POST', '/api/app/tours', 'admissions.manage', 'read_only',
      { title: 'T', startsAt: daysFromNow(3), venue: 'Hall', capacity: 5, campus: 'North', audience: 'families' }
    ],
    ['GET', '/api/app/tours/choices', 'admissions.manage', 'teacher'],
    ['GET', '/api/app/tours/tou_missing', 'admissions.manage', 'read_only'],
    ['PATCH', '/api/app/tours/tou_missing', 'admissions.manage', 'read_only', { title: 'New' }],
    ['POST', '/api/app/tours/tou_missing/cancel', 'admissions.manage', 'read_only'],
    ['GET', '/api/app/tours/tou_missing/bookings', 'admissions.manage', 'teacher'],
    ['GET', '/api/app/starters', 'starter.read', 'teacher'],
    ['GET', '/api/app/classes', 'roster.read', 'office'],
    ['GET', '/api/app/classes/cls_missing', 'roster.read', 'office'],
    ['GET', '/api/app/classes/cls_missing/members', 'roster.read', 'read_only'],
    ['GET', '/api/app/classes/cls_missing/teachers', 'roster.read', 'read_only'],
    ['GET', '/api/app/timetable/sessions', 'roster.read', 'office'],
    ['GET', '/api/app/timetable/courses', 'roster.read', 'office'],
    ['POST', '/api/app/timetable/preview', 'settings.manage', 'teacher', { csv: header }],
    ['POST', '/api/app/timetable/import', 'settings.manage', 'office', { csv: header }]
  ]

  it.each(routes)('%s %s refuses a session whose role lacks %s, naming it, and one without a session', async (method, path, capability, role, body) => {
    const refused = expectEnvelope(await app(path, role, { method, body }), 403, 'forbidden')
    expect(refused.detail.join(' ')).toContain(capability)
    expectEnvelope(await callApi(path, { method, body }), 401, 'unauthenticated')
  })

  it('answers another school\'s tour and class as not_found, the same as missing ones, and changes nothing', async () => {
    for (const path of [`/api/app/tours/${ids.otherTour}`, `/api/app/tours/${ids.otherTour}/bookings`, '/api/app/tours/tou_missing']) {
      expectEnvelope(await app(path, 'admin'), 404, 'not_found')
    }
    expectEnvelope(await app(`/api/app/tours/${ids.otherTour}`, 'admin', { method: 'PATCH', body: { title: 'Taken over' } }), 404, 'not_found')
    expectEnvelope(await app(`/api/app/tours/${ids.otherTour}/cancel`, 'admin', { method: 'POST' }), 404, 'not_found')
    const [theirs] = await other.database.db.select().from(tours).where(eq(tours.id, ids.otherTour!))
    expect(theirs).toMatchObject({ title: 'Their tour', cancelledAt: null })
    for (const path of [
      `/api/app/classes/${otherClassId}`, `/api/app/classes/${otherClassId}/members`, `/api/app/classes/${otherClassId}/teachers`,
      '/api/app/classes/cls_missing'
    ]) {
      expectEnvelope(await app(path, 'admin'), 404, 'not_found')
    }
  })

  it('creates, edits and cancels a tour; places left follow bookings made over /api/v1, with the family\'s contact details', async () => {
    const created = await app(
      '/api/app/tours', 'office',
      { body: { title: 'Twilight tour', startsAt: daysFromNow(4), venue: 'Hall', capacity: 3, campus: 'South', audience: 'families' } }
    )
    expect(created.status).toBe(201)
    const id = created.body.id
    expect((await app(`/api/app/tours/${id}`, 'office', { method: 'PATCH', body: { title: 'Twilight tour (late)', capacity: 2 } })).status).toBe(200)
    const token = await school.token(['tour.book'])
    const booked = await callApi(`/api/v1/tours/${id}/bookings`, { token, body: {
      student: { familyName: 'Ngata', givenNames: 'Aroha' },
      enquirer: { familyName: 'Ngata', givenNames: 'Wiremu', relationship: 'father', email: 'wiremu@example.org', phone: '+61 400 000 000' }
    } })
    expect(booked.status).toBe(201)
    expect((await app(`/api/app/tours/${id}`, 'office')).body)
      .toMatchObject({ title: 'Twilight tour (late)', capacity: 2, booked: 1, placesLeft: 1, campus: 'South', cancelled: false })
    const bookings = await app(`/api/app/tours/${id}/bookings?limit=1`, 'office')
    expect(bookings.body).toEqual({
      items: [expect.objectContaining({
        child: expect.objectContaining({ familyName: 'Ngata', givenNames: 'Aroha' }),
        adult: expect.objectContaining({ givenNames: 'Wiremu', email: 'wiremu@example.org', phone: '+61 400 000 000', relationship: 'father' })
      })],
      nextCursor: null
    })
    // The domain's rules answer through the screen's route: a capacity below the places booked, a cancelled tour.
    expectEnvelope(await app(`/api/app/tours/${id}`, 'office', { method: 'PATCH', body: { capacity: 0 } }), 400, 'validation_failed')
    expect((await app(`/api/app/tours/${id}/cancel`, 'office', { method: 'POST' })).status).toBe(200)
    expectEnvelope(await app(`/api/app/tours/${id}/cancel`, 'office', { method: 'POST' }), 422, 'unprocessable')
    expectEnvelope(await app(`/api/app/tours/${id}`, 'office', { method: 'PATCH', body: { title: 'Again' } }), 422, 'unprocessable')
    const upcoming = await app('/api/app/tours?when=upcoming', 'office')
    expect(upcoming.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ id, cancelled: true, booked: 1 })]))
  })

  it('refuses hostile tour input with the fields named, and a cross-site create, writing nothing', async () => {
    const before = (await school.database.db.select().from(tours).where(eq(tours.schoolId, school.id))).length
    const bad = await app(
      '/api/app/tours', 'office',
      { body: { title: 'Bad\u0007title', startsAt: 'tomorrow', venue: 'x'.repeat(10_000), capacity: '5', campus: 'Nowhere', audience: 'families' } }
    )
    expectEnvelope(bad, 400, 'validation_failed')
    expect(fieldPaths(bad)).toEqual(expect.arrayContaining(['capacity', 'startsAt', 'title', 'venue']))
    const unlisted = await app(
      '/api/app/tours', 'office',
      { body: { title: 'T', startsAt: daysFromNow(3), venue: 'Hall', capacity: 5, campus: 'Nowhere', audience: 'robots' } }
    )
    expectEnvelope(unlisted, 400, 'validation_failed')
    expectEnvelope(await app('/api/app/tours', 'office', { body: { title: 'T', startsAt: daysFromNow(3), venue: 'Hall', capacity: 5, campus: 'North', audience: 'families' }, headers: { 'origin': 'https://evil.example', 'sec-fetch-site': 'cross-site' } }), 403, 'forbidden')
    expect((await app('/api/app/tours/..%2Fsettings', 'office')).status).toBe(400)
    expectEnvelope(await app('/api/app/tours?when=everything', 'office'), 400, 'validation_failed')
    expect((await school.database.db.select().from(tours).where(eq(tours.schoolId, school.id))).length).toBe(before)
  })

  it('lists a protected starter only to a role holding restricted.read, marked, and the children waiting on an SIS code', async () => {
    const office = await app('/api/app/starters', 'office')
    expect(office.status).toBe(200)
    expect(office.body.items.map((child: any) => child.personId)).not.toContain(ids.flagged)
    expect(JSON.stringify(office.body)).not.toContain('Flagged')
    expect(office.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ personId: ids.waiting, restricted: false })]))
    expect(office.body.waiting).toEqual([expect.objectContaining({ personId: ids.waiting, campus: 'South' })])
    const admin = await app('/api/app/starters', 'admin')
    expect(admin.body.items)
      .toEqual(expect.arrayContaining([
        expect.objectContaining({ personId: ids.flagged, restricted: true }), expect.objectContaining({ personId: ids.waiting, restricted: false })
      ]))
    // The interface's list still leaves the child out, whoever asks.
    const v1 = await callApi('/api/v1/starters', { token: await school.token(['starter.read', 'restricted.read']) })
    expect(v1.body.items.map((child: any) => child.personId)).not.toContain(ids.flagged)
    expect(v1.body.items[0]).not.toHaveProperty('restricted')
    expectEnvelope(await app('/api/app/starters?from=2026-13-40', 'office'), 400, 'validation_failed')
  })

  it('reads classes, a class\'s members and teachers from the timetable, a protected student only to restricted.read', async () => {
    const list = await app('/api/app/classes', 'teacher')
    expect(list.body.items).toEqual([expect.objectContaining({ id: classId, code: '7A', courseCode: 'MAT7', terms: [`${year}T`], members: 2, teachers: 1 })])
    const teacherView = await app(`/api/app/classes/${classId}/members`, 'teacher')
    expect(teacherView.body.items).toEqual([expect.objectContaining({ personId: ids.ava, restricted: false })])
    const adminView = await app(`/api/app/classes/${classId}/members?limit=1`, 'admin')
    expect(adminView.body.items).toEqual([expect.objectContaining({ personId: ids.ben, restricted: true })])
    const second = await app(`/api/app/classes/${classId}/members?limit=1&cursor=${encodeURIComponent(adminView.body.nextCursor)}`, 'admin')
    expect(second.body.items).toEqual([expect.objectContaining({ personId: ids.ava })])
    expect((await app(`/api/app/classes/${classId}/teachers`, 'teacher')).body.items).toEqual([expect.objectContaining({ personId: ids.jo, role: 'lead' })])
    expect((await app('/api/app/timetable/sessions', 'teacher')).body.items.map((s: any) => s.code)).toEqual([year, `${year}T`])
    expect((await app('/api/app/timetable/courses?search=maths', 'teacher')).body.items.map((c: any) => c.code)).toEqual(['MAT7'])
  })

  it.each([
    ['a LIKE wildcard', '%', 200, 0],
    ['an underscore', '_', 200, 0],
    ['SQL', '\' OR 1=1 --', 200, 0],
    ['a code typed in lower case', '7a', 200, 1],
    ['10,000 characters', 'a'.repeat(10_000), 400, 0],
    ['a control character', 'Ma\u0000ths', 400, 0]
  ])('answers a class search holding %s safely', async (_, search, status, found) => {
    const answer = await app(`/api/app/classes?search=${encodeURIComponent(search)}`, 'teacher')
    expect(answer.status).toBe(status)
    if (status === 200) expect(answer.body.items).toHaveLength(found)
    else expect(['validation_failed', 'bad_request']).toContain(expectEnvelope(answer, 400, answer.body.data.code).code)
  })

  it('previews a timetable file writing nothing, then loads it; a file with problems is told by line; past 8 MiB is payload_too_large', async () => {
    const csv = [
      header, `8B,Science 8B,scheduled,SCI8,Science 8,Science,7,${year}T,L2,2,${ids.jo},lead,`,
      `8B,Science 8B,scheduled,SCI8,Science 8,Science,7,${year}T,L2,2,${ids.ava},student,`
    ].join('\n')
    const preview = await app('/api/app/timetable/preview', 'admin', { body: { csv } })
    expect(preview.status).toBe(200)
    expect(preview.body).toMatchObject({
      problems: [], rows: 2, classes: 1, classesNew: 1, courses: 1, coursesNew: 1, listed: [{ code: '8B', isNew: true, students: 1, staff: 1 }]
    })
    expect((await app('/api/app/classes?search=8B', 'admin')).body.items).toEqual([])
    const loaded = await app('/api/app/timetable/import', 'admin', { body: { csv } })
    expect(loaded.body).toMatchObject({ applied: true, counts: { classesCreated: 1, membersOpened: 1, teachersOpened: 1 } })
    expect((await app('/api/app/classes?search=8B', 'admin')).body.items).toEqual([expect.objectContaining({ code: '8B', members: 1 })])

    const broken = await app(
      '/api/app/timetable/preview', 'admin', { body: { csv: `${header}\n9C,Art,scheduled,ART9,Art 9,Art,7,NOPE,A1,1,per_nobody,student,` } }
    )
    expect(broken.body.problems)
      .toEqual(expect.arrayContaining([expect.objectContaining({ row: 2, column: 'terms' }), expect.objectContaining({ row: 2, column: 'personId' })]))
    const refused = await app(
      '/api/app/timetable/import', 'admin', { body: { csv: `${header}\n9C,Art,scheduled,ART9,Art 9,Art,7,NOPE,A1,1,per_nobody,student,` } }
    )
    expect(refused.body.applied).toBe(false)
    expect((await app('/api/app/classes?search=9C', 'admin')).body.items).toEqual([])

    expectEnvelope(await app('/api/app/timetable/preview', 'admin', { body: { csv: header + '\n' + 'x'.repeat(8 * 1024 * 1024) } }), 413, 'payload_too_large')
    expectEnvelope(await app('/api/app/timetable/preview', 'admin', { body: { csv: `${header}\nA\u0000B` } }), 400, 'validation_failed')
  })
})
