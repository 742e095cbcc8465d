import { beforeAll, describe, expect, it } from 'vitest'
import { setRoleCapabilities } from '../../../../server/domain/staff/roles'
import { recordCourtOrder } from '../../../../server/domain/restricted/court-orders'
import { submitApplication } from '../../../../server/domain/admissions/submit-application'
import { todayInZone } from '../../../../server/domain/days/clock'
import { addDays } from '../../../../server/domain/days/calendar'
import { builtInRoles } from '../../../../server/domain/access/roles'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'
import { addPeopleWithSpans, type TestSchool } from '../../../support/roles-fixtures'
import { acceptedApplication, addTour, applicationBody } from '../../../support/admissions-fixtures'

const directory = (query: Record<string, string>, cookie: string) => callApi(`/api/app/people?${new URLSearchParams(query)}`, { headers: { cookie } })
const namesIn = (answer: { body: { items: { familyName: string, givenNames: string }[] } }) =>
  answer.body.items.map(person => `${person.familyName}, ${person.givenNames}`)

describe('GET /api/app/people: the directory', () => {
  let school: TestSchool
  let other: TestSchool
  let cookie: string
  beforeAll(async () => {
    school = await newSchool({ campuses: [{ name: 'North' }] })
    other = await newSchool()
    await addPeopleWithSpans(school, [
      { familyName: 'Ngata', givenNames: 'Zoë', spans: [{ validFrom: '2020-01-28', yearLevel: '7' }] },
      { familyName: 'O\'Connor', givenNames: 'Liam', spans: [{ validFrom: '2020-01-28', yearLevel: '8' }] },
      { familyName: 'Van der Berg', givenNames: 'Anneke', spans: [{ kind: 'staff_member', validFrom: '2019-01-01' }] },
      { familyName: '100% Real_Name', givenNames: 'Test' }
    ])
    // Another school's people share the names: none of them is ever listed here.
    await addPeopleWithSpans(other, [{ familyName: 'Ngata', givenNames: 'Zoë' }, { familyName: 'O\'Connor', givenNames: 'Other' }])
    cookie = (await staffSession(school, 'teacher')).cookie
  })

  it('finds people by name as typed, without accents, case or apostrophes, from this school only', async () => {
    expect(namesIn(await directory({ search: 'zoe' }, cookie))).toEqual(['Ngata, Zoë'])
    expect(namesIn(await directory({ search: 'oconnor' }, cookie))).toEqual(['O\'Connor, Liam'])
    expect(namesIn(await directory({ search: 'van der berg' }, cookie))).toEqual(['Van der Berg, Anneke'])
    expect(namesIn(await directory({}, cookie))).toEqual(['100% Real_Name, Test', 'Ngata, Zoë', 'O\'Connor, Liam', 'Van der Berg, Anneke'])
  })

  it('filters by group and year level, and a campus of another school finds no one', async () => {
    expect(namesIn(await directory({ group: 'staff' }, cookie))).toEqual(['Van der Berg, Anneke'])
    expect(namesIn(await directory({ group: 'students', yearLevel: '8' }, cookie))).toEqual(['O\'Connor, Liam'])
    expect(namesIn(await directory({ campus: 'cmp_notthisschool' }, cookie))).toEqual([])
  })

  it.each([
    ['a LIKE wildcard %', '%', []],
    ['a LIKE wildcard _', '_', []],
    ['the wildcards inside a name', '100% real_', ['100% Real_Name, Test']],
    ['SQL', '\'; DROP TABLE people; --', []],
    ['SQL that would match everyone', '\' OR \'1\'=\'1', []],
    ['quotes and backslashes', '"\\\'\\\\', []],
    ['an emoji', '🙂', []],
    ['only spaces', '   ', ['100% Real_Name, Test', 'Ngata, Zoë', 'O\'Connor, Liam', 'Van der Berg, Anneke']]
  ])('answers a search of %s safely', async (_, search, expected) => {
    const answer = await directory({ search }, cookie)
    expect(answer.status).toBe(200)
    expect(namesIn(answer)).toEqual(expected)
  })

  it.each([
    ['10,000 characters', 'a'.repeat(10_000), 400, 'validation_failed'],
    ['a control character', 'zo\u0007e', 400, 'validation_failed'],
    ['a NUL', 'zoe\u0000', 400, 'validation_failed'],
    ['a direction-changing character', 'zoe\u202e', 400, 'bad_request']
  ])('refuses a search of %s, naming the field', async (_, search, status, code) => {
    const answer = await directory({ search }, cookie)
    expectEnvelope(answer, status, code)
    expect(fieldPaths(answer)).toEqual(['search'])
  })

  it('refuses a search given twice, a day that is not a day, and an unknown group', async () => {
    const answer = await callApi('/api/app/people?search=a&search=b&bornOn=2020-02-30&group=everyone', { headers: { cookie } })
    expectEnvelope(answer, 400, 'validation_failed')
    expect(fieldPaths(answer)).toEqual(['bornOn', 'group', 'search'])
  })

  it('pages from the server with a sealed cursor bound to its filters', async () => {
    const first = await directory({ limit: '2' }, cookie)
    expect(namesIn(first)).toEqual(['100% Real_Name, Test', 'Ngata, Zoë'])
    const second = await directory({ limit: '2', cursor: first.body.nextCursor }, cookie)
    expect(namesIn(second)).toEqual(['O\'Connor, Liam', 'Van der Berg, Anneke'])
    expectEnvelope(await directory({ limit: '2', cursor: first.body.nextCursor, group: 'staff' }, cookie), 400, 'validation_failed')
  })

  it('refuses a session without person.read, naming it, and a request without a session', async () => {
    await setRoleCapabilities(school.context, 'read_only', builtInRoles.read_only.filter(capability => capability !== 'person.read'))
    const { cookie: without } = await staffSession(school, 'read_only')
    for (const path of ['/api/app/people', '/api/app/people/choices']) {
      const answer = await callApi(path, { headers: { cookie: without } })
      expectEnvelope(answer, 403, 'forbidden')
      expect(answer.body.data.detail.join(' ')).toContain('person.read')
      expectEnvelope(await callApi(path), 401, 'unauthenticated')
    }
  })

  it('gives the school\'s year levels and campuses to filter by', async () => {
    const answer = await callApi('/api/app/people/choices', { headers: { cookie } })
    expect(answer.body.yearLevels).toContain('12')
    expect(answer.body.campuses.map((campus: { name: string }) => campus.name)).toEqual(['North'])
  })
})

describe('GET /api/app/today', () => {
  it('counts what needs a hand, only the lines the member\'s capabilities reach', async () => {
    const school = await newSchool()
    const today = todayInZone(school.school.timeZone)
    await addTour(school, { startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString() })
    await addTour(school, { startsAt: new Date(Date.now() + 20 * 86_400_000).toISOString() })
    await submitApplication(school.context, applicationBody())
    const started = await acceptedApplication(school, applicationBody(), { startsOn: addDays(today, 5) })
    await recordCourtOrder(school.context, started.studentId, { kind: 'parenting_order', validFrom: addDays(today, -100), validTo: addDays(today, 10) })

    const admin = await callApi('/api/app/today', { headers: { cookie: (await staffSession(school, 'admin')).cookie } })
    expect(admin.status).toBe(200)
    expect(admin.body).toEqual({
      today,
      newEnquiries: 0,
      applications: { submitted: 1, offered: 0, accepted: 1 },
      toursWithPlaces: 1,
      starters: 1,
      pausedSyncRuns: 0,
      failingWebhooks: 0,
      unreachableAdults: 0,
      absences: { reported: 0, unexplained: 0, waitingForAcknowledgement: 0 },
      subjectAccessDue: 0,
      courtOrdersEnding: { count: 1, childIds: [started.studentId] }
    })

    // The office holds no restricted.read: the protected child is neither counted nor linked.
    const office = await callApi('/api/app/today', { headers: { cookie: (await staffSession(school, 'office')).cookie } })
    expect(office.body).toEqual({
      today, newEnquiries: 0, applications: { submitted: 1, offered: 0, accepted: 1 }, toursWithPlaces: 1, starters: 0, unreachableAdults: 0,
      absences: { reported: 0, unexplained: 0, waitingForAcknowledgement: 0 }
    })

    const teacher = await callApi('/api/app/today', { headers: { cookie: (await staffSession(school, 'teacher')).cookie } })
    expect(teacher.body).toEqual({ today })
    expectEnvelope(await callApi('/api/app/today'), 401, 'unauthenticated')
  })
})
