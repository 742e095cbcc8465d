import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { changeEvents } from '../../../../db/schema'
import { setBillingSplit, closeBillingResponsibility } from '../../../../server/domain/billing/set-billing-split'
import { addConcession, endConcession } from '../../../../server/domain/billing/concessions'
import { setSchoolModule } from '../../../../server/domain/schools/create-school'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { addPeopleWithSpans, type TestSchool } from '../../../support/roles-fixtures'

const shares = (...list: [string, number][]) => list.map(([payerId, share]) => ({ payerId, share }))

describe('GET /api/v1/people/{id}/billing', () => {
  let school: TestSchool
  let student: string, mother: string, father: string, grandmother: string, unbilled: string
  let token: string

  beforeAll(async () => {
    school = await newSchool()
    ;[student, mother, father, grandmother, unbilled] = await addPeopleWithSpans(school, [
      { familyName: 'Okafor', givenNames: 'Chidi', spans: [{ validFrom: '2024-01-29', yearLevel: '5' }] },
      { familyName: 'Okafor', givenNames: 'Amara' },
      { familyName: 'Okafor', givenNames: 'Kofi' },
      { familyName: 'Mensah', givenNames: 'Ama' },
      { familyName: 'Unbilled', givenNames: 'Child' }
    ])
    token = await school.token(['billing.read'])
    await setBillingSplit(school.context, student, { category: 'all', from: '2024-01-29', shares: shares([mother, 10_000]) })
    await setBillingSplit(school.context, student, { category: 'all', from: '2026-01-01', shares: shares([mother, 5000], [father, 5000]) })
    await setBillingSplit(school.context, student, { category: 'tuition', from: '2026-01-01', shares: shares([grandmother, 10_000]) })
    await addConcession(school.context, student, { kind: 'sibling', validFrom: '2024-01-29' })
    const bursary = await addConcession(school.context, student, { kind: 'bursary', validFrom: '2025-01-28' })
    await endConcession(school.context, bursary, '2025-12-10')
  })

  it('answers 401 without a token, 403 naming billing.read without it', async () => {
    expectEnvelope(await callApi(`/api/v1/people/${student}/billing`), 401, 'unauthenticated')
    const data = expectEnvelope(
      await callApi(`/api/v1/people/${student}/billing`, { token: await school.token(['person.read', 'affiliation.read']) }), 403, 'forbidden'
    )
    expect(data.detail.join(' ')).toContain('billing.read')
  })

  it('returns open and closed responsibilities and concessions, each with its span, and no names', async () => {
    const answer = await callApi(`/api/v1/people/${student}/billing`, { token })
    expect(answer.status).toBe(200)
    expect(Object.keys(answer.body).sort()).toEqual(['concessions', 'id', 'responsibilities'])
    expect(answer.body.id).toBe(student)
    const rows = answer.body.responsibilities
    for (const row of rows) expect(row.id).toMatch(/^bil_/)
    expect(rows.map(({ id: _, ...row }: any) => row)).toEqual([
      { payerId: mother, category: 'all', share: 10_000, validFrom: '2024-01-29', validTo: '2025-12-31' },
      ...(rows[1].payerId === mother ? [mother, father] : [father, mother])
        .map(payerId => ({ payerId, category: 'all', share: 5000, validFrom: '2026-01-01', validTo: null })),
      { payerId: grandmother, category: 'tuition', share: 10_000, validFrom: '2026-01-01', validTo: null }
    ])
    // Rows of one category and first day come in id order, so the answer never shuffles.
    expect(rows[1].id < rows[2].id).toBe(true)
    expect(answer.body.concessions.map(({ id, ...row }: any) => row)).toEqual([
      { kind: 'sibling', validFrom: '2024-01-29', validTo: null },
      { kind: 'bursary', validFrom: '2025-01-28', validTo: '2025-12-10' }
    ])
    expect(JSON.stringify(answer.body)).not.toMatch(/Okafor|Mensah|familyName/)
  })

  it('answers empty lists for a person with no billing rows', async () => {
    const answer = await callApi(`/api/v1/people/${unbilled}/billing`, { token })
    expect(answer.body).toEqual({ id: unbilled, responsibilities: [], concessions: [] })
  })

  it('answers not_found for another school\'s person exactly as for a missing one', async () => {
    const other = await newSchool()
    const otherToken = await other.token(['billing.read'])
    const foreign = expectEnvelope(await callApi(`/api/v1/people/${student}/billing`, { token: otherToken }), 404, 'not_found')
    const missing = expectEnvelope(await callApi('/api/v1/people/per_doesnotexist00000000/billing', { token: otherToken }), 404, 'not_found')
    expect(foreign.detail).toEqual(missing.detail)
  })

  it('is component_off when the school does not run billing, even for people it does run', async () => {
    const closed = await newSchool()
    const [child] = await addPeopleWithSpans(closed, [{ familyName: 'No', givenNames: 'Billing' }])
    await setSchoolModule(closed.context, 'billing', 'off')
    const both = await closed.token(['billing.read', 'person.read'])
    expectEnvelope(await callApi(`/api/v1/people/${child}/billing`, { token: both }), 403, 'component_off')
    expect((await callApi(`/api/v1/people/${child}`, { token: both })).status).toBe(200)
  })

  describe('the open shares of each category total 10000 on every write', () => {
    const refusal = (category: string, total: number) => ({
      code: 'unprocessable',
      detail: [expect.stringMatching(new RegExp(`"${category}".*total ${total}\\b`))]
    })

    const unchanged = async (write: () => Promise<unknown>, expected: object) => {
      const before = await callApi(`/api/v1/people/${student}/billing`, { token })
      const events = () => school.database.db.select().from(changeEvents)
        .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.kind, 'billing.updated')))
      const eventsBefore = (await events()).length
      await expect(write()).rejects.toMatchObject(expected)
      expect((await callApi(`/api/v1/people/${student}/billing`, { token })).body).toEqual(before.body)
      expect((await events()).length).toBe(eventsBefore)
    }

    it('refuses a split whose shares fall short, naming the category and the total', async () => {
      await unchanged(
        () => setBillingSplit(school.context, student, { category: 'excursions', from: '2026-02-01', shares: shares([father, 7000]) }),
        refusal('excursions', 7000)
      )
    })

    it('refuses a split whose shares exceed 10000', async () => {
      await unchanged(
        () => setBillingSplit(school.context, student, { category: 'all', from: '2026-02-01', shares: shares([father, 6000], [mother, 6000]) }),
        refusal('all', 12000)
      )
    })

    it('refuses closing one payer\'s row of a shared category', async () => {
      const row =
        (await callApi(`/api/v1/people/${student}/billing`, { token })).body.responsibilities.find((r: any) => r.payerId === father && r.validTo === null)
      await unchanged(() => closeBillingResponsibility(school.context, row.id, '2026-06-30'), refusal('all', 5000))
    })

    it('refuses a payer named twice, and a payer of another school', async () => {
      await unchanged(
        () => setBillingSplit(school.context, student, { category: 'uniform', from: '2026-02-01', shares: shares([father, 5000], [father, 5000]) }),
        { code: 'unprocessable' }
      )
      const other = await newSchool()
      const [stranger] = await addPeopleWithSpans(other, [{ familyName: 'Stranger', givenNames: 'Danger' }])
      await unchanged(
        () => setBillingSplit(school.context, student, { category: 'uniform', from: '2026-02-01', shares: shares([stranger!, 10_000]) }),
        { code: 'not_found' }
      )
    })

    it('accepts ending a whole category, which then falls back to all, and announces it', async () => {
      const row = (await callApi(`/api/v1/people/${student}/billing`, { token })).body.responsibilities.find((r: any) => r.category === 'tuition')
      await closeBillingResponsibility(school.context, row.id, '2026-06-30')
      const after = (await callApi(`/api/v1/people/${student}/billing`, { token })).body.responsibilities
      expect(after.find((r: any) => r.id === row.id).validTo).toBe('2026-06-30')
      const [event] = await school.database.db.select().from(changeEvents)
        .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.kind, 'billing.updated'))).orderBy(changeEvents.sequence).then(rows => rows.slice(-1))
      expect(event).toMatchObject({ tableName: 'people', recordId: student })
    })
  })
})
