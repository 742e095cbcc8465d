import { beforeAll, describe, expect, it } from 'vitest'
import { saveHrisMapping } from '../../../../server/domain/imports/hris-mappings'
import { importTimetable } from '../../../../server/domain/timetable/import-timetable'
import { createSchool } from '../../../../server/domain/schools/create-school'
import { updateSchoolSettings } from '../../../../server/domain/schools/school-settings'
import { issueToken } from '../../../../server/domain/tokens/manage-tokens'
import { submitApplication } from '../../../../server/domain/admissions/submit-application'
import { scopeNames } from '../../../../server/domain/access/catalogue'
import { addTour, applicationBody } from '../../../support/admissions-fixtures'
import { adminRun } from '../../../support/admin-cli'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool, testDatabase } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

/** Characters that show nothing or turn the text around them: each must be refused by every writer. */
const unseen = [
  ['U+200B', '\u200b'], ['U+200C', '\u200c'], ['U+200D', '\u200d'], ['U+2060', '\u2060'], ['U+FEFF', '\ufeff'], ['U+00AD', '\u00ad'],
  ['U+200E', '\u200e'], ['U+200F', '\u200f'], ['U+061C', '\u061c'], ['U+202A', '\u202a'], ['U+202E', '\u202e'], ['U+2066', '\u2066'],
  ['U+2069', '\u2069'], ['U+2028', '\u2028'], ['U+2029', '\u2029']
] as const

/** Names as people write them, joiners included where their script needs one. */
const genuine = ['Zoë', 'O\'Connor', 'Nguyễn-Smith', 'می‌خواهم', 'क्‍षमा', 'ශ්‍රී', '山田 花子']

/** The character inside a value, so trimming cannot take it away. */
const inside = (value: string, char: string) => `${value.slice(0, 2)}${char}${value.slice(2)}`

let serial = 0
const names = () => ({ familyName: `Plain${++serial}`, givenNames: 'Aroha' })

describe('invisible and direction-changing characters, over every writer', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let token: string
  let cookie: string
  let tourId: string
  let mappingId: string

  beforeAll(async () => {
    school = await newSchool({ campuses: [{ name: 'North' }] })
    token = await school.token(scopeNames)
    cookie = (await staffSession(school, 'admin')).cookie
    tourId = await addTour(school)
    mappingId = (await saveHrisMapping(
      school.context,
      { name: 'HR', columns: { employeeId: 'id', familyName: 'family', givenNames: 'given', startDate: 'start' }, dateFormat: 'YYYY-MM-DD' }
    )).id
  })

  /** Each writer over HTTP: the request carrying `text` in one field, and that field's path. */
  const httpWriters: [string, (text: string, token: string) => Promise<{ path: string, answer: Awaited<ReturnType<typeof callApi>> }>][] = [
    ['POST /api/v1/enquiries (a student\'s family name)', async (text, token) => ({ path: 'student.familyName', answer: await callApi(
      '/api/v1/enquiries', { token, body: { student: { ...names(), familyName: text }, enquirer: { ...names(), phone: '0400 000 000' } } }
    ) })],
    ['POST /api/v1/enquiries (a relationship, a list value)', async (text, token) => ({
      path: 'enquirer.relationship',
      answer: await callApi('/api/v1/enquiries', { token, body: { student: names(), enquirer: { ...names(), phone: '0400 000 000', relationship: text } } })
    })],
    ['POST /api/v1/enquiries (a channel, a list value)', async (text, token) => ({
      path: 'channel',
      answer: await callApi('/api/v1/enquiries', { token, body: { student: names(), enquirer: { ...names(), phone: '0400 000 000' }, channel: text } })
    })],
    ['POST /api/v1/applications (an adult\'s given names)', async (text, token) => {
      const body = applicationBody()
      return {
        path: 'adults[0].givenNames',
        answer: await callApi('/api/v1/applications', { token, body: { ...body, adults: [{ ...body.adults[0], givenNames: text }] } })
      }
    }],
    ['POST /api/v1/applications (a year level, a list value)', async (text, token) => {
      const body = applicationBody()
      return {
        path: 'placement.yearLevel',
        answer: await callApi('/api/v1/applications', { token, body: { ...body, placement: { ...body.placement, yearLevel: text } } })
      }
    }],
    ['POST /api/v1/tours/{id}/bookings (a student\'s given names)', async (text, token) => ({ path: 'student.givenNames', answer: await callApi(
      `/api/v1/tours/${tourId}/bookings`,
      { token, body: { student: { ...names(), givenNames: text }, enquirer: { ...names(), phone: '0400 000 000' } } }
    ) })],
    ['POST /api/v1/enrolments (a carer\'s family name)', async (text, token) => ({
      path: 'carers[0].familyName',
      answer: await callApi('/api/v1/enrolments', { token, body: { student: { ...names(), dateOfBirth: '2016-09-30' }, carers: [
        { familyName: text, givenNames: 'Pita', email: `p${++serial}@example.org`, relationship: 'father' }
      ], yearLevel: '4', campus: 'North', startsOn: '2026-07-20' } })
    })],
    ['POST /api/v1/applications/{id}/events (a withdrawal reason)', async (text, token) => {
      const application = await submitApplication(school.context, applicationBody())
      return {
        path: 'reason',
        answer: await callApi(`/api/v1/applications/${application.id}/events`, { token, body: { kind: 'withdrawn', occurredOn: '2026-01-05', reason: text } })
      }
    }],
    [
      'GET /api/v1/tours (an audience in the query)',
      async (text, token) => ({ path: 'audience', answer: await callApi(`/api/v1/tours?audience=${encodeURIComponent(text)}`, { token }) })
    ],
    [
      'POST /api/app/tokens (a token\'s purpose)',
      async text => ({ path: 'purpose', answer: await callApi('/api/app/tokens', { headers: { cookie }, body: { purpose: text, scopes: ['person.read'] } }) })
    ]
  ]

  describe.each(httpWriters)('%s', (_, write) => {
    // A token of its own per writer: each route allows a token 30 requests a minute.
    let writerToken: string
    beforeAll(async () => {
      writerToken = await school.token(scopeNames)
    })

    it.each(unseen)('refuses %s with bad_request naming the field', async (name, char) => {
      const { path, answer } = await write(inside('Riverside', char), writerToken)
      const data = expectEnvelope(answer, 400, 'bad_request')
      expect(data.fields).toEqual([{ path, message: `Contains an invisible or direction-changing character (${name}).` }])
      expect(data.detail.join(' ')).toContain(path)
    })
  })

  it.each(unseen)('a staff import refuses the row with %s, naming the column', async (name, char) => {
    const answer = await callApi(
      '/api/v1/staff/import', { token, body: { mappingId, csv: `id,family,given,start\nE${++serial},${inside('Nguyen', char)},Linh,2020-01-27\n` } }
    )
    expect(answer.status).toBe(200)
    expect(answer.body.counts).toMatchObject({ created: 0, problems: 1 })
    expect(answer.body.problems).toEqual([{ row: 2, column: 'family', reason: `Contains an invisible or direction-changing character (${name}).` }])
  })

  it.each(unseen)('a people sync refuses the line with %s, naming the column', async (name, char) => {
    const answer = await callApi('/api/v1/people/sync', {
      token,
      body: { system: 'sis', scope: 'changes', file: `id,familyName,givenNames,dateOfBirth\nS${++serial},Ngata,${inside('Aroha', char)},2015-01-01\n` }
    })
    expect(answer.status).toBe(202)
    expect(answer.body.unreadable).toEqual([{ line: 2, reason: `givenNames: Contains an invisible or direction-changing character (${name}).` }])
  })

  it.each(unseen)('a timetable import refuses a class title with %s', async (name, char) => {
    const header = 'classCode,classTitle,classType,courseCode,courseTitle,subject,yearLevels,terms,room,periods,personId,role,loginName'
    const result = await importTimetable(school.context, `${header}\n7A,${inside('Maths 7A', char)},scheduled,MAT7,Maths 7,Mathematics,7,T1,R1,1,,,\n`)
    expect(result.applied).toBe(false)
    expect(result.problems).toContainEqual({ row: 2, column: 'classTitle', message: `Contains an invisible or direction-changing character (${name}).` })
  })

  it.each(unseen)('the CLI\'s writers refuse %s: a school\'s name and campus, its year levels, a token\'s purpose', async (name, char) => {
    const refusal = (path: string) =>
      ({ code: 'bad_request', extras: { fields: [{ path, message: `Contains an invisible or direction-changing character (${name}).` }] } })
    await expect(createSchool(testDatabase(), { name: inside('Riverside', char), timeZone: 'Australia/Sydney' })).rejects.toMatchObject(refusal('name'))
    await expect(
      createSchool(testDatabase(), { name: 'Riverside', timeZone: 'Australia/Sydney', campuses: [{ name: inside('North', char) }] })
    ).rejects.toMatchObject(refusal('campuses[0].name'))
    await expect(updateSchoolSettings(school.context, { yearLevels: ['K', inside('Year 1', char)] })).rejects.toMatchObject(refusal('yearLevels[1]'))
    await expect(issueToken(school.context, { purpose: inside('LMS', char), scopes: ['person.read'] })).rejects.toMatchObject(refusal('purpose'))
  })

  it('the admin CLI answers bad_request for a school named with a right-to-left override', async () => {
    const result = await adminRun(['school', 'create', '--name', 'Riverside\u202eloohcS', '--time-zone', 'Australia/Sydney', '--json'])
    expect(result.code).not.toBe(0)
    expect(`${result.stdout}${result.stderr}`).toMatch(/bad_request[\s\S]*U\+202E/)
  })

  it.each(genuine)('takes %s as a name on every path: enquiry, booking, staff import and people sync', async (name) => {
    const token = await school.token(scopeNames)
    const enquiry = await callApi(
      '/api/v1/enquiries', { token, body: { student: { familyName: name, givenNames: name }, enquirer: { ...names(), phone: '0400 000 000' } } }
    )
    expect(enquiry.status).toBe(201)
    const booking = await callApi(
      `/api/v1/tours/${tourId}/bookings`,
      { token, body: { student: { ...names(), givenNames: name }, enquirer: { ...names(), phone: '0400 000 000' } } }
    )
    expect(booking.status).toBe(201)
    const staff = await callApi('/api/v1/staff/import', { token, body: { mappingId, csv: `id,family,given,start\nG${++serial},${name},${name},2020-01-27\n` } })
    // An import is the whole staff list: those of earlier lines are told as missing, which is not about this name.
    expect(staff.body.problems.filter((problem: { row: number | null }) => problem.row !== null)).toEqual([])
    expect(staff.body.counts.created).toBe(1)
    const sync = await callApi(
      '/api/v1/people/sync',
      { token, body: { system: 'sis', scope: 'changes', file: `id,familyName,givenNames,dateOfBirth\nG${++serial},${name},${name},2015-01-01\n` } }
    )
    expect(sync.body.unreadable).toEqual([])
  })

  it('keeps control characters validation_failed, as the contract has them', async () => {
    const token = await school.token(scopeNames)
    const answer = await callApi(
      '/api/v1/enquiries', { token, body: { student: { ...names(), familyName: 'Ng\u0001ata' }, enquirer: { ...names(), phone: '0400 000 000' } } }
    )
    expectEnvelope(answer, 400, 'validation_failed')
  })
})

describe('names in the published contract', () => {
  it('describes a name as not blank with a pattern, not only by refusing it', async () => {
    const document = (await callApi('/_openapi.json')).body
    const enquiry = document.components.schemas.EnquiryInput
    const familyName = enquiry.properties.student.properties.familyName
    expect(familyName).toMatchObject({ type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' })
    for (const blank of ['', ' ', '\t ']) expect(new RegExp(familyName.pattern).test(blank)).toBe(false)
  })
})
