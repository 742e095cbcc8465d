import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { changeEvents, enquiries, people } from '../../../../db/schema'
import { setSchoolModule } from '../../../../server/domain/schools/create-school'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { inOneMinute } from '../../../support/minute-window'

const enquiry = (overrides: Record<string, unknown> = {}) => ({
  student: { familyName: 'Ngata', givenNames: 'Aroha' },
  enquirer: { familyName: 'Ngata', givenNames: 'Wiremu', relationship: 'father', email: 'wiremu@example.org' },
  intendedEntryYear: 2028,
  channel: 'referral',
  ...overrides
})

describe('POST /api/v1/enquiries', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let token: string

  beforeAll(async () => {
    school = await newSchool()
    token = await school.token(['enquiry.write'])
  })

  const eventsFor = (recordId: string) => school.database.db.select().from(changeEvents)
    .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.recordId, recordId)))

  it('records the enquiry, opens the child and the enquirer, and reads nothing back', async () => {
    const answer = await callApi('/api/v1/enquiries', { token, body: enquiry() })
    expect(answer.status).toBe(201)
    expect(Object.keys(answer.body).sort()).toEqual(['id', 'receivedAt'])
    expect(answer.body.id).toMatch(/^enq_/)
    expect(answer.body.receivedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

    const [row] = await school.database.db.select().from(enquiries).where(eq(enquiries.id, answer.body.id))
    expect(row).toMatchObject({ channel: 'referral', relationship: 'father', intendedEntryYear: 2028, schoolId: school.id })
    const opened = await school.database.db.select().from(people).where(eq(people.schoolId, school.id))
    expect(opened.map(p => `${p.givenNames} ${p.familyName}`).sort()).toEqual(['Aroha Ngata', 'Wiremu Ngata'])
    expect(opened.find(p => p.id === row!.enquirerId)!.email).toBe('wiremu@example.org')
  })

  it('leaves exactly one enquiry event, written with the enquiry, and one event for each person it opened', async () => {
    const answer = await callApi('/api/v1/enquiries', { token, body: enquiry({ channel: 'website' }) })
    const [row] = await school.database.db.select().from(enquiries).where(eq(enquiries.id, answer.body.id))
    const events = await eventsFor(answer.body.id)
    expect(events.map(e => [e.kind, e.tableName])).toEqual([['enquiry.created', 'enquiries']])
    for (const personId of [row!.studentId, row!.enquirerId]) {
      expect((await eventsFor(personId)).map(e => e.kind)).toEqual(['person.created'])
    }
  })

  it('defaults the channel to website', async () => {
    const answer = await callApi('/api/v1/enquiries', { token, body: enquiry({ channel: undefined }) })
    const [row] = await school.database.db.select().from(enquiries).where(eq(enquiries.id, answer.body.id))
    expect(row!.channel).toBe('website')
  })

  it('accepts a phone number instead of an email address', async () => {
    const answer = await callApi(
      '/api/v1/enquiries', { token, body: enquiry({ enquirer: { familyName: 'Kim', givenNames: 'Min-jun', phone: '+61 400 123 456' } }) }
    )
    expect(answer.status).toBe(201)
  })

  it('refuses an enquirer with neither email nor phone, naming both fields, and records nothing', async () => {
    const before = (await school.database.db.select().from(enquiries).where(eq(enquiries.schoolId, school.id))).length
    const answer = await callApi('/api/v1/enquiries', { token, body: enquiry({ enquirer: { familyName: 'Kim', givenNames: 'Min-jun' } }) })
    expectEnvelope(answer, 400, 'validation_failed')
    expect(fieldPaths(answer)).toEqual(['enquirer.email', 'enquirer.phone'])
    expect((await school.database.db.select().from(enquiries).where(eq(enquiries.schoolId, school.id))).length).toBe(before)
  })

  it('refuses a channel or relationship the school does not list, naming the field', async () => {
    const channel = await callApi('/api/v1/enquiries', { token, body: enquiry({ channel: 'carrier_pigeon' }) })
    expectEnvelope(channel, 400, 'validation_failed')
    expect(fieldPaths(channel)).toEqual(['channel'])

    const both = await callApi(
      '/api/v1/enquiries',
      { token, body: enquiry({ channel: 'fax', enquirer: { familyName: 'A', givenNames: 'B', phone: '0400 000 000', relationship: 'uncle' } }) }
    )
    expect(fieldPaths(both)).toEqual(['channel', 'enquirer.relationship'])

    const withShapeProblems = await callApi(
      '/api/v1/enquiries', { token, body: enquiry({ channel: 'fax', student: { familyName: 'A' }, enquirer: { familyName: 'A', givenNames: 'B' } }) }
    )
    expect(fieldPaths(withShapeProblems)).toEqual(['channel', 'enquirer.email', 'enquirer.phone', 'student.givenNames'])
  })

  it('refuses unknown body fields by name', async () => {
    const answer = await callApi('/api/v1/enquiries', { token, body: { ...enquiry(), student: { familyName: 'A', givenNames: 'B', shoeSize: 3 } } })
    expect(fieldPaths(answer)).toEqual(['student.shoeSize'])
  })

  it('refuses a write to a module the school switched off or keeps read-only, with component_off', async () => {
    const other = await newSchool()
    const otherToken = await other.token(['enquiry.write', 'person.read'])
    await setSchoolModule(other.context, 'admissions', 'off')
    expectEnvelope(await callApi('/api/v1/enquiries', { token: otherToken, body: enquiry() }), 403, 'component_off')
    await setSchoolModule(other.context, 'admissions', 'read_only')
    expectEnvelope(await callApi('/api/v1/enquiries', { token: otherToken, body: enquiry() }), 403, 'component_off')

    await setSchoolModule(other.context, 'people', 'read_only')
    expect((await callApi('/api/v1/people', { token: otherToken })).status).toBe(200)
    await setSchoolModule(other.context, 'people', 'off')
    expectEnvelope(await callApi('/api/v1/people', { token: otherToken }), 403, 'component_off')
  })
})

describe('Idempotency-Key on POST /api/v1/enquiries', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let token: string

  beforeAll(async () => {
    school = await newSchool()
    token = await school.token(['enquiry.write'])
  })

  const enquiryCount = async () => (await school.database.db.select().from(enquiries).where(eq(enquiries.schoolId, school.id))).length

  it('creates one enquiry when the same key is sent 20 times at once', async () => {
    const body = enquiry({ student: { familyName: 'Once', givenNames: 'Only' } })
    const answers = await Promise.all(Array.from({ length: 20 }, () =>
      callApi('/api/v1/enquiries', { token, body, headers: { 'idempotency-key': 'same-key-20' } })))
    expect(await enquiryCount()).toBe(1)
    const created = answers.filter(a => a.status === 201)
    expect(created.length).toBeGreaterThanOrEqual(1)
    expect(new Set(created.map(a => a.body.id)).size).toBe(1)
    for (const other of answers.filter(a => a.status !== 201)) {
      expect(expectEnvelope(other, 409, 'conflict').detail.join(' ')).toMatch(/in progress/)
    }

    const replay = await callApi('/api/v1/enquiries', { token, body, headers: { 'idempotency-key': 'same-key-20' } })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotency-replayed')).toBe('true')
    expect(replay.body).toEqual(created[0]!.body)
    expect(await enquiryCount()).toBe(1)
  })

  it('answers conflict to the same key with a different body', async () => {
    await callApi('/api/v1/enquiries', { token, body: enquiry(), headers: { 'idempotency-key': 'key-b' } })
    const answer = await callApi('/api/v1/enquiries', { token, body: enquiry({ channel: 'phone' }), headers: { 'idempotency-key': 'key-b' } })
    expectEnvelope(answer, 409, 'conflict')
  })

  it('takes the same JSON with its keys in another order, and other spacing, for the same request', async () => {
    const body = enquiry({ student: { familyName: 'Same', givenNames: 'Request' } })
    const first = await callApi('/api/v1/enquiries', { token, body, headers: { 'idempotency-key': 'key-order' } })
    expect(first.status).toBe(201)
    const reordered = JSON.stringify({
      channel: body.channel, intendedEntryYear: body.intendedEntryYear, enquirer: Object.fromEntries(Object.entries(body.enquirer).reverse()),
      student: { givenNames: 'Request', familyName: 'Same' }
    }, null, 2)
    const again = await callApi(
      '/api/v1/enquiries', { token, body: reordered, headers: { 'idempotency-key': 'key-order', 'content-type': 'application/json' } }
    )
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotency-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)
  })

  it('does not store validation_failed, so the corrected request with the same key goes through', async () => {
    const bad = await callApi('/api/v1/enquiries', { token, body: enquiry({ channel: 'fax' }), headers: { 'idempotency-key': 'key-c' } })
    expect(bad.status).toBe(400)
    const corrected = await callApi('/api/v1/enquiries', { token, body: enquiry({ channel: 'fax' }), headers: { 'idempotency-key': 'key-c' } })
    expect(corrected.status).toBe(400)
    expect(corrected.headers.get('idempotency-replayed')).toBeNull()
  })

  it('scopes keys to the token', async () => {
    const body = enquiry({ student: { familyName: 'Two', givenNames: 'Tokens' } })
    const first = await callApi('/api/v1/enquiries', { token, body, headers: { 'idempotency-key': 'shared' } })
    const second = await callApi('/api/v1/enquiries', { token: await school.token(['enquiry.write']), body, headers: { 'idempotency-key': 'shared' } })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.body.id).not.toBe(first.body.id)
  })

  it('refuses more than 30 a minute', async () => {
    // The 31 in one window: a minute that turns mid-way (more likely the slower the machine) starts the count again.
    const answers = await inOneMinute(3, async () => {
      const limited = await school.token(['enquiry.write'])
      const answers = []
      for (let i = 0; i < 31; i++) answers.push(await callApi('/api/v1/enquiries', { token: limited, body: { student: {} } }))
      return answers
    })
    expect(answers.slice(0, 30).every(a => a.status === 400)).toBe(true)
    expectEnvelope(answers[30]!, 429, 'rate_limited')
  })
})
