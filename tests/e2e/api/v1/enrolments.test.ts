import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { affiliations, applications, parentalResponsibilities } from '../../../../db/schema'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { eventKinds } from '../../../support/admissions-fixtures'
import type { TestSchool } from '../../../support/roles-fixtures'

let serial = 0
const enrolment = (overrides: Record<string, unknown> = {}) => {
  serial++
  return {
    student: { familyName: `Enrol${serial}`, givenNames: 'Tama', dateOfBirth: '2016-09-30' },
    carers: [
      { familyName: `Enrol${serial}`, givenNames: 'Pita', email: `pita.${serial}@example.org`, relationship: 'father' },
      { familyName: `Enrol${serial}`, givenNames: 'Ruth', phone: `+61 400 100 ${String(serial).padStart(3, '0')}`, relationship: 'mother' }
    ],
    yearLevel: '4',
    campus: 'North',
    startsOn: '2026-07-20',
    ...overrides
  }
}

describe('POST /api/v1/enrolments', () => {
  let school: TestSchool
  const enrol = async (body: unknown) => callApi('/api/v1/enrolments', { token: await school.token(['application.write']), body })

  beforeAll(async () => {
    school = await newSchool({ campuses: [{ name: 'North', sisCode: 'N1' }, { name: 'South' }] })
  })

  it('starts the child from startsOn, gives each carer parental responsibility, and makes a started application', async () => {
    const answer = await enrol(enrolment())
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      applicationId: expect.stringMatching(/^apl_/), studentId: expect.stringMatching(/^per_/), carerIds: [expect.any(String), expect.any(String)],
      startsOn: '2026-07-20'
    })
    const [span] = await school.database.db.select().from(affiliations).where(eq(affiliations.personId, answer.body.studentId))
    expect(span).toMatchObject({ kind: 'student', validFrom: '2026-07-20', validTo: null, yearLevel: '4' })
    const responsibilities = await school.database.db.select().from(parentalResponsibilities).where(eq(parentalResponsibilities.childId, answer.body.studentId))
    expect(responsibilities.map(r => [r.adultId, r.relationship, r.validFrom]).sort()).toEqual([
      [answer.body.carerIds[0], 'father', '2026-07-20'], [answer.body.carerIds[1], 'mother', '2026-07-20']
    ].sort())
    const [application] = await school.database.db.select().from(applications).where(eq(applications.id, answer.body.applicationId))
    expect(application).toMatchObject({ state: 'started', origin: 'enrolment', startsOn: '2026-07-20', affiliationId: span!.id })
    expect(await eventKinds(school, answer.body.applicationId)).toEqual(['enrolment.created'])
    expect(await eventKinds(school, answer.body.studentId)).toEqual(['person.created', 'person.updated', 'person.updated'])
  })

  it('answers an already-enrolled child with conflict and writes nothing', async () => {
    const first = await enrol(enrolment())
    const again = await enrol(
      enrolment({ student: { personId: first.body.studentId }, carers: [{ personId: first.body.carerIds[0] }], startsOn: '2026-09-01' })
    )
    expectEnvelope(again, 409, 'conflict')
    expect((await school.database.db.select().from(applications).where(eq(applications.studentId, first.body.studentId)))).toHaveLength(1)
  })

  it('identifies the child and carers as applications do: a possible match is conflict with candidates', async () => {
    const first = await enrol(enrolment())
    const sameFamily = enrolment()
    const refused = await enrol({ ...sameFamily, carers: [{ familyName: 'Anyone', givenNames: 'Else', email: `pita.${serial - 1}@example.org` }] })
    const data = expectEnvelope(refused, 409, 'conflict') as any
    expect(data.candidates).toEqual([{ path: 'carers[0]', personIds: [first.body.carerIds[0]] }])
  })

  it('needs a campus where the school has more than one, from its list, and a year level from its list', async () => {
    expect(fieldPaths(await enrol(enrolment({ campus: undefined })))).toEqual(['campus'])
    expect(fieldPaths(await enrol(enrolment({ campus: 'West' })))).toEqual(['campus'])
    expect(fieldPaths(await enrol(enrolment({ yearLevel: 'Prep', carers: [] })))).toEqual(['carers', 'yearLevel'])
  })
})
