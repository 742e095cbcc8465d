import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { applications, people } from '../../../../db/schema'
import { submitApplication } from '../../../../server/domain/admissions/submit-application'
import { recordEnquiry } from '../../../../server/domain/enquiries/record-enquiry'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'
import { acceptedApplication, applicationBody } from '../../../support/admissions-fixtures'

type School = Awaited<ReturnType<typeof newSchool>>

/** Every admissions route of the screens, with a body it accepts; `:id` is an application or an enquiry. */
const routes = (application: string, enquiry: string) => [
  { method: 'GET', path: '/api/app/admissions/applications?state=submitted' },
  { method: 'GET', path: '/api/app/admissions/applications/counts' },
  { method: 'GET', path: '/api/app/admissions/lists' },
  { method: 'GET', path: '/api/app/admissions/enquiries' },
  { method: 'POST', path: `/api/app/admissions/applications/${application}/offer`, body: {} },
  { method: 'POST', path: `/api/app/admissions/applications/${application}/accept`, body: {} },
  { method: 'POST', path: `/api/app/admissions/applications/${application}/decline`, body: {} },
  {
    method: 'POST', path: `/api/app/admissions/applications/${application}/events`,
    body: { kind: 'withdrawn', occurredOn: '2026-11-20', reason: 'relocation' }
  },
  { method: 'GET', path: `/api/app/admissions/applications/${application}/duplicates` },
  { method: 'POST', path: `/api/app/admissions/applications/${application}/duplicates`, body: { path: 'student', decision: 'new' } },
  { method: 'GET', path: `/api/app/admissions/enquiries/${enquiry}/duplicates` },
  { method: 'POST', path: `/api/app/admissions/enquiries/${enquiry}/duplicates`, body: { path: 'student', decision: 'new' } }
]

const enquiryInput = (familyName: string) => ({
  student: { familyName, givenNames: 'Zoë' },
  enquirer: { familyName, givenNames: 'Hine', email: `hine.${familyName.toLowerCase()}@example.org`, relationship: 'mother' },
  channel: 'referral'
})

describe('admissions through the screens\' interface', () => {
  let school: School
  let cookie: string
  let email: string
  const app = (path: string, request: { method?: string, body?: unknown } = {}) => callApi(path, { ...request, headers: { cookie } })
  beforeAll(async () => {
    school = await newSchool({ name: 'Board School' })
    const session = await staffSession(school, 'office')
    cookie = session.cookie
    email = session.member.email
  })

  it('refuses staff without admissions.manage on every route, naming it, and finds no other school\'s application or enquiry', async () => {
    const application = await submitApplication(school.context, applicationBody())
    const enquiry = await recordEnquiry(school.context, enquiryInput('Forbidden'))
    const { cookie: teacher } = await staffSession(school, 'teacher')
    for (const route of routes(application.id, enquiry.id)) {
      const answer = await callApi(route.path, { method: route.method, body: route.body, headers: { cookie: teacher } })
      expectEnvelope(answer, 403, 'forbidden')
      expect(answer.body.data.detail.join(' '), `${route.method} ${route.path}`).toContain('admissions.manage')
    }
    const other = await newSchool({ name: 'Other Board School' })
    const foreign = await submitApplication(other.context, applicationBody())
    const foreignEnquiry = await recordEnquiry(other.context, enquiryInput('Foreign'))
    for (const route of routes(foreign.id, foreignEnquiry.id).filter(route => route.path.includes(foreign.id) || route.path.includes(foreignEnquiry.id))) {
      expectEnvelope(await app(route.path, { method: route.method, body: route.body }), 404, 'not_found')
    }
    const [untouched] = await other.database.db.select({ state: applications.state }).from(applications).where(eq(applications.id, foreign.id))
    expect(untouched!.state).toBe('submitted')
  })

  it('moves an application through the board, keeping who took each step, and explains a step out of order', async () => {
    const application = await submitApplication(school.context, applicationBody())
    const submitted = (await app('/api/app/admissions/applications?state=submitted&limit=100')).body
    expect(submitted.items.find((item: { id: string }) => item.id === application.id)).toMatchObject({ state: 'submitted', offered: null, yearLevel: '1' })

    const early = expectEnvelope(
      await app(`/api/app/admissions/applications/${application.id}/events`, { body: { kind: 'started', occurredOn: '2026-11-20' } }), 422,
      'unprocessable'
    )
    expect(early.detail.join(' ')).toContain('Missing step: the office\'s offer')
    const accepting = expectEnvelope(await app(`/api/app/admissions/applications/${application.id}/accept`, { body: {} }), 422, 'unprocessable')
    expect(accepting.detail.join(' ')).toContain('the application must be offered; it is submitted')

    expect((await app(`/api/app/admissions/applications/${application.id}/offer`, { body: { startsOn: '2027-02-01' } })).body)
      .toEqual({ id: application.id, state: 'offered' })
    const offered = (await app('/api/app/admissions/applications?state=offered')).body.items.find((item: { id: string }) => item.id === application.id)
    expect(offered.offered.by).toBe(email)
    expect(offered.startsOn).toBe('2027-02-01')
    expect((await app(`/api/app/admissions/applications/${application.id}/accept`, { body: {} })).body.state).toBe('accepted')
    const counts = (await app('/api/app/admissions/applications/counts')).body.counts
    expect(counts.accepted).toBeGreaterThanOrEqual(1)

    const reasonless = expectEnvelope(
      await app(`/api/app/admissions/applications/${application.id}/events`, { body: { kind: 'withdrawn', occurredOn: '2026-11-20', reason: 'boredom' } }),
      400, 'validation_failed'
    )
    expect(reasonless.fields!.map(field => field.path)).toEqual(['reason'])
    expect((await app(
      `/api/app/admissions/applications/${application.id}/events`, { body: { kind: 'withdrawn', occurredOn: '2026-11-20', reason: 'relocation' } }
    )).status).toBe(201)
    const withdrawn = (await app('/api/app/admissions/applications?state=withdrawn')).body.items.find((item: { id: string }) => item.id === application.id)
    expect(withdrawn.withdrawn).toMatchObject({ on: '2026-11-20', reason: 'relocation', by: email })
  })

  it('pages a column on the server, newest first', async () => {
    const own = await newSchool({ name: 'Paged Board School' })
    const { cookie: office } = await staffSession(own, 'office')
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await acceptedApplication(own)).id)
    const first = (await callApi('/api/app/admissions/applications?state=accepted&limit=2', { headers: { cookie: office } })).body
    expect(first.items.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]])
    const second = (await callApi(
      `/api/app/admissions/applications?state=accepted&limit=2&cursor=${encodeURIComponent(first.nextCursor)}`, { headers: { cookie: office } }
    )).body
    expect(second.items.map((item: { id: string }) => item.id)).toEqual([ids[0]])
    expect(second.nextCursor).toBeNull()
  })

  it('lists enquiries newest first with how they heard, searched safely on the server', async () => {
    const own = await newSchool({ name: 'Enquiry School' })
    const { cookie: office } = await staffSession(own, 'office')
    const list = (query: string) => callApi(`/api/app/admissions/enquiries${query}`, { headers: { cookie: office } })
    await recordEnquiry(own.context, enquiryInput('Ngata'))
    // Received a moment later: two enquiries of the same millisecond are ordered by their random ids.
    await new Promise(done => setTimeout(done, 5))
    const second = await recordEnquiry(own.context, enquiryInput('Parata'))
    const all = (await list('')).body.items
    expect(all.map((item: { id: string }) => item.id)[0]).toBe(second.id)
    expect(all[0]).toMatchObject({ channel: 'referral', student: { familyName: 'Parata', givenNames: 'Zoë' }, enquirer: { relationship: 'mother' } })
    expect((await list('?search=zoe%20')).body.items).toHaveLength(2)
    expect((await list('?search=PARATA')).body.items.map((item: { id: string }) => item.id)).toEqual([second.id])
    for (const hostile of ['%', '_', '\\', '\' or 1=1 --', 'a'.repeat(10_000)]) {
      const answer = await list(`?search=${encodeURIComponent(hostile)}`)
      expect(answer.status, hostile.slice(0, 20)).toBe(200)
      expect(answer.body.items).toEqual([])
    }
    expectEnvelope(await list(`?search=${'a'.repeat(10_001)}`), 400, 'validation_failed')
    expectEnvelope(await list('?search=%07%00'), 400, 'validation_failed')
  })

  it('shows an application\'s possible duplicates side by side, links one, and keeps another as a new person', async () => {
    const first = await submitApplication(
      school.context, applicationBody({ student: { familyName: 'Te Whare', givenNames: 'Mīria Rose', dateOfBirth: '2019-05-06' } })
    )
    const body = applicationBody({ student: { familyName: 'te whare', givenNames: 'Miria', dateOfBirth: '2019-05-06', new: true } })
    const second = await submitApplication(school.context, body)
    const found = (await app(`/api/app/admissions/applications/${second.id}/duplicates`)).body
    expect(found.people).toHaveLength(1)
    expect(found.people[0].path).toBe('student')
    expect(found.people[0].person.id).toBe(second.studentId)
    expect(found.people[0].candidates.map((candidate: { id: string }) => candidate.id)).toEqual([first.studentId])

    expectEnvelope(
      await app(`/api/app/admissions/applications/${second.id}/duplicates`, { body: { path: 'student', decision: 'link', personId: second.adultIds[0] } }),
      400, 'validation_failed'
    )
    expect(
      (await app(`/api/app/admissions/applications/${second.id}/duplicates`, { body: { path: 'student', decision: 'link', personId: first.studentId } })).body
    )
      .toEqual({ path: 'student', personId: first.studentId })
    const [linked] = await school.database.db.select({ studentId: applications.studentId }).from(applications).where(eq(applications.id, second.id))
    expect(linked!.studentId).toBe(first.studentId)
    const [retired] = await school.database.db.select({ deletedAt: people.deletedAt }).from(people).where(eq(people.id, second.studentId))
    expect(retired!.deletedAt).not.toBeNull()
    expect((await app(`/api/app/admissions/applications/${second.id}/duplicates`)).body.people).toEqual([])

    const third = await submitApplication(
      school.context, applicationBody({ student: { familyName: 'Te Whare', givenNames: 'Miria', dateOfBirth: '2019-05-06', new: true } })
    )
    expect((await app(`/api/app/admissions/applications/${third.id}/duplicates`, { body: { path: 'student', decision: 'new' } })).status).toBe(200)
    expect((await app(`/api/app/admissions/applications/${third.id}/duplicates`)).body.people).toEqual([])
    expectEnvelope(await app(`/api/app/admissions/applications/${third.id}/duplicates`, { body: { path: 'student', decision: 'new' } }), 409, 'conflict')

    // Both decisions are the merge history of the child on file, in their restricted record (restricted.read, a recent passkey proof).
    const admin = await staffSession(school, 'admin')
    const restricted = await callApi(`/api/app/people/${first.studentId}/restricted`, { headers: { cookie: admin.cookie } })
    expect(restricted.body.mergeHistory).toMatchObject([
      {
        decision: 'linked', side: 'on_file', other: { id: second.studentId, familyName: 'te whare', deleted: true }, subjectType: 'application',
        subjectId: second.id, decidedBy: expect.stringContaining('@')
      },
      {
        decision: 'distinct', side: 'on_file', other: { id: third.studentId, givenNames: 'Miria', deleted: false }, subjectType: 'application',
        subjectId: third.id
      }
    ])
    expectEnvelope(await app(`/api/app/people/${first.studentId}/restricted`), 403, 'forbidden')
  })

  it('refuses to link a person who already has records of their own', async () => {
    const first = await acceptedApplication(school, applicationBody({ student: { familyName: 'Rangi', givenNames: 'Tama', dateOfBirth: '2018-01-02' } }))
    const second = await acceptedApplication(
      school, applicationBody({ student: { familyName: 'Rangi', givenNames: 'Tama', dateOfBirth: '2018-01-02', new: true } })
    )
    expect((await app(`/api/app/admissions/applications/${second.id}/events`, { body: { kind: 'started', occurredOn: '2026-11-20', placement: {} } })).status)
      .toBe(201)
    const refused = expectEnvelope(
      await app(`/api/app/admissions/applications/${second.id}/duplicates`, { body: { path: 'student', decision: 'link', personId: first.studentId } }),
      409, 'conflict'
    )
    expect(refused.detail.join(' ')).toContain('records of their own')
  })
})
