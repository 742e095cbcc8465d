import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { affiliations, applicationAdults, applications, people } from '../../../../db/schema'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { applicationBody, eventKinds } from '../../../support/admissions-fixtures'
import type { TestSchool } from '../../../support/roles-fixtures'

const addPerson = (school: TestSchool, person: Parameters<typeof insertPerson>[3]) =>
  writeChanges(school.context, (tx, changes) => insertPerson(tx, changes, school.id, person))

describe('POST /api/v1/applications', () => {
  let school: TestSchool
  const send = async (body: unknown, headers: Record<string, string> = {}) =>
    callApi('/api/v1/applications', { token: await school.token(['application.write']), body, headers })
  const peopleCount = async () => (await school.database.db.select().from(people).where(eq(people.schoolId, school.id))).length
  const applicationCount = async () => (await school.database.db.select().from(applications).where(eq(applications.schoolId, school.id))).length

  beforeAll(async () => {
    school = await newSchool()
  })

  it('records a submitted application, answers references only, and announces the application and its people', async () => {
    const body = applicationBody({
      adults: [
        { familyName: 'Moana', givenNames: 'Hine', email: 'hine.moana@example.org', relationship: 'mother' },
        { familyName: 'Moana', givenNames: 'Rangi', phone: '+64 21 555 0101', relationship: 'father' }
      ]
    })
    const answer = await send(body)
    expect(answer.status).toBe(201)
    expect(Object.keys(answer.body).sort()).toEqual(['adultIds', 'id', 'receivedAt', 'studentId'])
    expect(answer.body.id).toMatch(/^apl_/)
    expect(answer.body.adultIds).toHaveLength(2)
    const [row] = await school.database.db.select().from(applications).where(eq(applications.id, answer.body.id))
    expect(row).toMatchObject({ state: 'submitted', studentId: answer.body.studentId, yearLevel: '1', entryYear: 2027, origin: 'application' })
    const adults = await school.database.db.select().from(applicationAdults).where(eq(applicationAdults.applicationId, answer.body.id))
    expect(adults.sort((a, b) => a.position - b.position).map(a => [a.personId, a.relationship]))
      .toEqual([[answer.body.adultIds[0], 'mother'], [answer.body.adultIds[1], 'father']])
    expect(await eventKinds(school, answer.body.id)).toEqual(['application.created'])
    for (const id of [answer.body.studentId, ...answer.body.adultIds]) expect(await eventKinds(school, id)).toEqual(['person.created'])
  })

  it('stops the whole send at a possible existing child, with candidates and nothing written, then takes it with new: true', async () => {
    const existing = await addPerson(school, { familyName: 'Ngāta', givenNames: 'Aroha Mere', dateOfBirth: '2019-06-11' })
    await addPerson(school, { familyName: 'Ngata', givenNames: 'Arohanui', dateOfBirth: '2019-06-11' })
    await addPerson(school, { familyName: 'Ngata', givenNames: 'Aroha', dateOfBirth: '2019-06-12' })
    const before = { people: await peopleCount(), applications: await applicationCount() }
    const body = applicationBody({ student: { familyName: 'NGATA', givenNames: 'aroha', dateOfBirth: '2019-06-11' } })
    const refused = await send(body)
    const data = expectEnvelope(refused, 409, 'conflict') as any
    expect(data.candidates).toEqual([{ path: 'student', personIds: [existing] }])
    expect({ people: await peopleCount(), applications: await applicationCount() }).toEqual(before)

    const taken = await send({ ...body, student: { ...body.student, new: true } })
    expect(taken.status).toBe(201)
    expect(taken.body.studentId).not.toBe(existing)
  })

  it('names each possible adult by path: same email, same phone, or same names', async () => {
    const byEmail = await addPerson(school, { familyName: 'Parata', givenNames: 'Huia', email: 'huia@example.org' })
    const byPhone = await addPerson(school, { familyName: 'Walker', givenNames: 'Sam', phone: '+64 21 000 1234' })
    const byName = await addPerson(school, { familyName: 'Tūhoe', givenNames: 'Kiri Ana' })
    const body = applicationBody({
      adults: [
        { familyName: 'Someone', givenNames: 'Else', email: 'huia@example.org' },
        { familyName: 'Other', givenNames: 'Person', phone: '+64 21 000 1234' },
        { familyName: 'TUHOE', givenNames: 'kiri  ana', email: 'kiri.new@example.org' },
        { familyName: 'Brand', givenNames: 'New', email: 'brand.new@example.org' }
      ]
    })
    const data = expectEnvelope(await send(body), 409, 'conflict') as any
    expect(data.candidates).toEqual([
      { path: 'adults[0]', personIds: [byEmail] },
      { path: 'adults[1]', personIds: [byPhone] },
      { path: 'adults[2]', personIds: [byName] }
    ])
    expect(data.detail).toHaveLength(3)
  })

  it('links a person named by personId and never updates them', async () => {
    const parent = await addPerson(school, { familyName: 'Kahu', givenNames: 'Ana', email: 'ana.kahu@example.org' })
    const answer = await send(applicationBody({ adults: [{ personId: parent, relationship: 'mother' }] }))
    expect(answer.status).toBe(201)
    expect(answer.body.adultIds).toEqual([parent])
    const [row] = await school.database.db.select().from(people).where(eq(people.id, parent))
    expect(row).toMatchObject({ familyName: 'Kahu', givenNames: 'Ana', email: 'ana.kahu@example.org' })
    expect(await eventKinds(school, parent)).toEqual(['person.created'])
  })

  it('refuses an unknown or another school\'s personId with validation_failed on its path', async () => {
    const other = await newSchool()
    const theirs = await writeChanges(other.context, (tx, changes) => insertPerson(tx, changes, other.id, { familyName: 'Far', givenNames: 'Away' }))
    const answer = await send(applicationBody({
      student: { personId: 'per_nosuchperson' }, adults: [{ familyName: 'X', givenNames: 'Y', email: 'x.y.z@example.org' }, { personId: theirs }]
    }))
    expectEnvelope(answer, 400, 'validation_failed')
    expect(fieldPaths(answer)).toEqual(['adults[1].personId', 'student.personId'])
  })

  it('validates the body, naming every field', async () => {
    const fiveAdults = Array.from({ length: 5 }, (_, i) => ({ familyName: 'F', givenNames: `G${i}` }))
    expect(fieldPaths(await send(applicationBody({ adults: fiveAdults })))).toEqual(['adults'])
    expect(fieldPaths(await send(applicationBody({ adults: [] })))).toEqual(['adults'])
    const mixed = await send({
      student: { personId: 'per_abc', familyName: 'Both' },
      adults: [{ familyName: 'A', relationship: 'uncle' }],
      placement: { yearLevel: '13', entryYear: 2027 }
    })
    expect(fieldPaths(mixed)).toEqual(['adults[0].givenNames', 'adults[0].relationship', 'placement.yearLevel', 'student.familyName'])
    expect(fieldPaths(await send({ ...applicationBody(), student: { familyName: 'No', givenNames: 'Birthday' } }))).toEqual(['student.dateOfBirth'])
  })

  it('makes one application for one Idempotency-Key, and replays the answer', async () => {
    const token = await school.token(['application.write'])
    const body = applicationBody()
    const headers = { 'idempotency-key': 'application-once' }
    const first = await callApi('/api/v1/applications', { token, body, headers })
    const replay = await callApi('/api/v1/applications', { token, body, headers })
    expect(first.status).toBe(201)
    expect(replay.headers.get('idempotency-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    const made = await school.database.db.select().from(applications)
      .where(and(eq(applications.schoolId, school.id), eq(applications.studentId, first.body.studentId)))
    expect(made).toHaveLength(1)
  })

  it('needs application.write', async () => {
    const answer = expectEnvelope(
      await callApi('/api/v1/applications', { token: await school.token(['enquiry.write']), body: applicationBody() }), 403, 'forbidden'
    )
    expect(answer.detail.join(' ')).toContain('application.write')
    expect((await school.database.db.select().from(affiliations).where(eq(affiliations.schoolId, school.id)))).toEqual([])
  })
})
