import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { enquiries } from '../../../db/schema'
import { alumniQuery, alumnusSchema } from '../../../shared/schemas/alumni'
import { pageOf } from '../../../shared/schemas/common'
import { enquiryInputSchema, enquiryReceiptSchema } from '../../../shared/schemas/enquiries'
import { alumniRoll } from '../../../server/domain/alumni/alumni-roll'
import { listAlumni } from '../../../server/domain/alumni/list-alumni'
import { enquiryListProblems, recordEnquiry } from '../../../server/domain/enquiries/record-enquiry'
import { setSchoolModule } from '../../../server/domain/schools/create-school'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { todayInZone } from '../../../server/domain/days/clock'
import { domainError } from '../../../server/domain/shared/domain-error'
import { schoolDataCache } from '../../../server/domain/shared/school-data-cache'
import { defineSurfaceRoute } from '../../../server/utils/route-pipeline'
import { callApi, type ApiRequest } from '../../support/api'
import { expectEnvelope, fieldPaths } from '../../support/envelope'
import { inOneMinute } from '../../support/minute-window'
import { newSchool } from '../../support/schools'
import { addTestCaller, serveRoutes, startPipelineDatabase, testCallerHeader, testSurface } from '../../support/test-surface'
import { addPeopleWithSpans, type TestSchool } from '../../support/roles-fixtures'

const calls = { alumni: 0, refusals: 0 }

const alumniRoute = defineSurfaceRoute(testSurface, {
  summary: 'List alumni', tag: 'People', scope: 'affiliation.read', rateLimit: 5, module: 'people',
  query: alumniQuery, response: pageOf(alumnusSchema, 'TestAlumnusPage'),
  keep: 'school-data', dependsOnToday: true, fieldScopes: ['person.read']
}, async (ctx) => {
  calls.alumni++
  return ctx.pageAnswer(await listAlumni(ctx, ctx.page, ctx.query.asAt))
})

const enquiryRoute = defineSurfaceRoute(testSurface, {
  summary: 'Record an enquiry', tag: 'Admissions', scope: 'enquiry.write', rateLimit: 30, module: 'admissions', idempotent: true,
  body: enquiryInputSchema, bodyChecks: (body, school) => enquiryListProblems(school.lists, body),
  response: enquiryReceiptSchema, status: 201
}, ctx => recordEnquiry(ctx, ctx.body))

// The enquiry commits, then the request fails: a dropped connection, a crash before the answer is sent.
const enquiryThenFaultRoute = defineSurfaceRoute(testSurface, {
  summary: 'Record an enquiry, then fail', tag: 'Admissions', scope: 'enquiry.write', rateLimit: 30, module: 'admissions', idempotent: true,
  body: enquiryInputSchema, response: enquiryReceiptSchema, status: 201
}, async (ctx) => {
  await recordEnquiry(ctx, ctx.body)
  throw new Error('The connection dropped after the commit')
})

const refusingRoute = defineSurfaceRoute(testSurface, {
  summary: 'Refuse as the query says', tag: 'Admissions', scope: 'enquiry.write', rateLimit: 30, module: 'admissions', idempotent: true,
  body: enquiryInputSchema, response: enquiryReceiptSchema, status: 201
}, async (ctx) => {
  calls.refusals++
  const code = ctx.body.channel
  if (code === 'not_implemented') throw domainError('not_implemented', ['This build has nowhere to put it.'])
  if (code === 'validation_failed') throw domainError('validation_failed', ['channel: Not today.'], { fields: [{ path: 'channel', message: 'Not today.' }] })
  throw new Error('A fault of our own')
})

const enquiry = (overrides: Record<string, unknown> = {}) => ({
  student: { familyName: 'Surface', givenNames: 'Sam' },
  enquirer: { familyName: 'Surface', givenNames: 'Sue', email: 'sue@example.org' },
  ...overrides
})

describe('a second surface is an identify step and routes, and the pipeline does the rest', () => {
  let school: TestSchool
  let baseUrl: string
  let ids: string[]

  const call = (caller: string | undefined, path: string, request: ApiRequest = {}) =>
    callApi(path, { ...request, baseUrl, headers: { ...request.headers, ...(caller ? { [testCallerHeader]: caller } : {}) } })
  const enquiryCount = async () => (await school.database.db.select().from(enquiries).where(eq(enquiries.schoolId, school.id))).length

  beforeAll(async () => {
    await startPipelineDatabase()
    school = await newSchool({ timeZone: 'Australia/Sydney' })
    ids = await addPeopleWithSpans(school, [
      { familyName: 'Abbott', givenNames: 'Ada', spans: [{ validFrom: '2018-01-29', validTo: '2024-12-06', yearLevel: '12' }] },
      { familyName: 'Brown', givenNames: 'Ben', spans: [{ validFrom: '2017-01-30', validTo: '2021-06-30', yearLevel: '9' }] },
      { familyName: 'Chen', givenNames: 'Cara', spans: [{ validFrom: '2019-01-29', validTo: '2025-06-30', yearLevel: '12' }] }
    ])
    baseUrl = await serveRoutes([
      { method: 'get', path: '/test/alumni', handler: alumniRoute },
      { method: 'post', path: '/test/enquiries', handler: enquiryRoute },
      { method: 'post', path: '/test/enquiries-then-fault', handler: enquiryThenFaultRoute },
      { method: 'post', path: '/test/refusals', handler: refusingRoute }
    ])
  })

  it('answers the same alumni as /api/v1 for a caller with the same capabilities', async () => {
    const caller = addTestCaller(school.id, ['affiliation.read', 'person.read'])
    const answer = await call(caller, '/test/alumni?limit=2')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/application\/json/)
    const v1 = await callApi('/api/v1/alumni?limit=2', { token: await school.token(['affiliation.read', 'person.read']) })
    expect(answer.body.items).toEqual(v1.body.items)
    expect(answer.body.items.map((item: any) => item.id)).toEqual([ids[0], ids[1]])

    const next = await call(caller, `/test/alumni?limit=2&cursor=${answer.body.nextCursor}`)
    expect(next.body.items.map((item: any) => item.id)).toEqual([ids[2]])
  })

  it('refuses an unknown caller with unauthenticated in the envelope', async () => {
    expectEnvelope(await call(undefined, '/test/alumni'), 401, 'unauthenticated')
    expectEnvelope(await call('nobody', '/test/alumni'), 401, 'unauthenticated')
  })

  it('counts each caller against the route\'s limit, with the counters on every answer, and refuses past it', async () => {
    const answers = await inOneMinute(5, async () => {
      const caller = addTestCaller(school.id, ['affiliation.read'])
      const answers = []
      for (let i = 0; i < 6; i++) answers.push(await call(caller, '/test/alumni'))
      return answers
    })
    expect(answers.slice(0, 5).map(a => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(answers.map(a => a.headers.get('x-ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0', '0'])
    expect(answers[0]!.headers.get('x-ratelimit-limit')).toBe('5')
    expectEnvelope(answers[5]!, 429, 'rate_limited')
    expect(Number(answers[5]!.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another caller of the same school has a counter of its own.
    expect((await call(addTestCaller(school.id, ['affiliation.read']), '/test/alumni')).status).toBe(200)
  })

  it('answers component_off when the school switches the module off, before the capability check, and forbidden naming the capability', async () => {
    const reader = addTestCaller(school.id, ['affiliation.read'])
    const unable = addTestCaller(school.id, ['person.read'])
    const forbidden = expectEnvelope(await call(unable, '/test/alumni'), 403, 'forbidden')
    expect(forbidden.detail.join(' ')).toContain('affiliation.read')
    expect((forbidden as any).missingScope).toBe('affiliation.read')

    await setSchoolModule(school.context, 'people', 'off')
    try {
      expectEnvelope(await call(reader, '/test/alumni'), 403, 'component_off')
      expectEnvelope(await call(unable, '/test/alumni'), 403, 'component_off')
    } finally {
      await setSchoolModule(school.context, 'people', 'on')
    }
    expect((await call(reader, '/test/alumni')).status).toBe(200)

    const writer = addTestCaller(school.id, ['enquiry.write'])
    await setSchoolModule(school.context, 'admissions', 'read_only')
    try {
      expectEnvelope(await call(writer, '/test/enquiries', { body: enquiry() }), 403, 'component_off')
    } finally {
      await setSchoolModule(school.context, 'admissions', 'on')
    }
  })

  it('refuses wrong params, query, cursor and body with validation_failed naming every field', async () => {
    const reader = addTestCaller(school.id, ['affiliation.read'])
    const query = await call(reader, '/test/alumni?limit=0x10&colour=red')
    expectEnvelope(query, 400, 'validation_failed')
    expect(fieldPaths(query)).toEqual(['colour', 'limit'])

    // A cursor of /api/v1's alumni list is not one this list gave out.
    const v1Cursor = (await callApi('/api/v1/alumni?limit=1', { token: await school.token(['affiliation.read']) })).body.nextCursor
    expect(fieldPaths(await call(reader, `/test/alumni?cursor=${v1Cursor}`))).toEqual(['cursor'])

    const writer = addTestCaller(school.id, ['enquiry.write'])
    const body = await call(
      writer, '/test/enquiries', { body: enquiry({ channel: 'fax', student: { familyName: 'A' }, enquirer: { familyName: 'A', givenNames: 'B' } }) }
    )
    expectEnvelope(body, 400, 'validation_failed')
    expect(fieldPaths(body)).toEqual(['channel', 'enquirer.email', 'enquirer.phone', 'student.givenNames'])
    expectEnvelope(await call(writer, '/test/enquiries', { body: '{"student":' }), 400, 'bad_request')
  })

  it('replays an idempotent write\'s answer, and refuses the key for another body', async () => {
    const writer = addTestCaller(school.id, ['enquiry.write'])
    const before = await enquiryCount()
    const headers = { 'idempotency-key': 'surface-once' }
    const first = await call(writer, '/test/enquiries', { body: enquiry(), headers })
    expect(first.status).toBe(201)
    expect(first.body.id).toMatch(/^enq_/)
    const replay = await call(writer, '/test/enquiries', { body: enquiry(), headers })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotency-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    expect(await enquiryCount()).toBe(before + 1)
    expectEnvelope(await call(writer, '/test/enquiries', { body: enquiry({ channel: 'phone' }), headers }), 409, 'conflict')
    // Keys belong to their caller.
    expect((await call(addTestCaller(school.id, ['enquiry.write']), '/test/enquiries', { body: enquiry(), headers })).headers.get('idempotency-replayed'))
      .toBeNull()
  })

  it('replays the answer the work stored in its own transaction when the request fails after the commit, without doing the work again', async () => {
    const writer = addTestCaller(school.id, ['enquiry.write'])
    const before = await enquiryCount()
    const headers = { 'idempotency-key': 'fails-after-commit' }
    const body = enquiry({ student: { familyName: 'Once', givenNames: 'Only' } })
    expectEnvelope(await call(writer, '/test/enquiries-then-fault', { body, headers }), 500, 'internal')
    expect(await enquiryCount()).toBe(before + 1)

    const retry = await call(writer, '/test/enquiries-then-fault', { body, headers })
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotency-replayed')).toBe('true')
    const [stored] = await school.database.db.select().from(enquiries).where(eq(enquiries.id, retry.body.id))
    expect(stored!.schoolId).toBe(school.id)
    expect(await enquiryCount()).toBe(before + 1)
  })

  it.each([
    // The code says nothing about the request, so a retry should be free to redo the work.
    ['validation_failed', 400, 2],
    ['internal', 500, 2],
    // Understood and refused the same way every time: kept like any other answer.
    ['not_implemented', 501, 1]
  ])('keeps a %s refusal of the work for replay only when it would be the same again', async (code, status, workRuns) => {
    const writer = addTestCaller(school.id, ['enquiry.write'])
    const headers = { 'idempotency-key': `refusal-${code}` }
    const before = calls.refusals
    const first = await call(writer, '/test/refusals', { body: enquiry({ channel: code }), headers })
    expectEnvelope(first, status, code)
    const second = await call(writer, '/test/refusals', { body: enquiry({ channel: code }), headers })
    expectEnvelope(second, status, code)
    expect(calls.refusals - before).toBe(workRuns)
    expect(second.headers.get('idempotency-replayed')).toBe(workRuns === 1 ? 'true' : null)
    if (workRuns === 1) expect(second.body).toEqual(first.body)
  })

  it('keeps the answer in the one store, beside the alumni roll, until the school\'s data changes', async () => {
    const fresh = await newSchool({ timeZone: 'Australia/Sydney' })
    await addPeopleWithSpans(fresh, [{ familyName: 'Dune', givenNames: 'Dee', spans: [{ validFrom: '2018-01-29', validTo: '2024-12-06', yearLevel: '12' }] }])
    const caller = addTestCaller(fresh.id, ['affiliation.read', 'person.read'])

    // The roll, built through the domain, lands in schoolDataCache; the route's answer adds to the same count.
    const empty = schoolDataCache.heldBytes
    await alumniRoll({ ...fresh.context, school: await requireSchool(fresh.database, fresh.id) }, todayInZone('Australia/Sydney'))
    const withRoll = schoolDataCache.heldBytes
    expect(withRoll).toBeGreaterThan(empty)

    const before = calls.alumni
    const first = await call(caller, '/test/alumni')
    expect(schoolDataCache.heldBytes).toBeGreaterThan(withRoll)
    expect((await call(caller, '/test/alumni')).body).toEqual(first.body)
    expect(calls.alumni - before).toBe(1)

    await addPeopleWithSpans(fresh, [{ familyName: 'Eyre', givenNames: 'Eve', spans: [{ validFrom: '2018-01-29', validTo: '2024-12-06', yearLevel: '12' }] }])
    expect((await call(caller, '/test/alumni')).body.items.map((item: any) => item.familyName)).toEqual(['Dune', 'Eyre'])
    expect(calls.alumni - before).toBe(2)
  })
})
