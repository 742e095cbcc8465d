import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { affiliations, billingResponsibilities } from '../../../db/schema'
import { setBillingSplit } from '../../../server/domain/billing/set-billing-split'
import { openAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans, type TestSchool } from '../../support/roles-fixtures'

// Each race is run several times: one lost race is enough to break the rule, and on PostgreSQL
// without the school's lock taken first nearly every round lost it.
const rounds = 5

/** `fulfilled`, or what the refusal said, so a failure shows why. */
const describeOutcome = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === 'fulfilled' ? outcome.status : JSON.stringify(outcome.reason?.data?.detail ?? String(outcome.reason))

describe('a school\'s writes run one at a time', () => {
  let school: TestSchool

  beforeAll(async () => {
    school = await newSchool()
  })

  it('two billing splits set at once for one category leave its open shares totalling 10000', async () => {
    for (let round = 0; round < rounds; round++) {
      const [student, mother, father] = await addPeopleWithSpans(school, [
        { familyName: 'Okafor', givenNames: `Ada ${round}` },
        { familyName: 'Okafor', givenNames: `Ngozi ${round}` },
        { familyName: 'Okafor', givenNames: `Emeka ${round}` }
      ])
      const outcomes = await Promise.allSettled([mother, father].map(payerId =>
        setBillingSplit(school.context, student, { category: 'tuition', from: '2026-01-01', shares: [{ payerId, share: 10_000 }] })))
      expect(outcomes.map(describeOutcome)).toEqual(['fulfilled', 'fulfilled'])
      const open = await school.database.db.select({ payerId: billingResponsibilities.payerId, share: billingResponsibilities.share })
        .from(billingResponsibilities)
        .where(and(eq(billingResponsibilities.studentId, student), eq(billingResponsibilities.category, 'tuition'), isNull(billingResponsibilities.validTo)))
      expect(open.reduce((total, row) => total + row.share, 0)).toBe(10_000)
      expect(open).toHaveLength(1)
    }
  })

  it('of two overlapping student spans opened at once for one person, exactly one is kept and the other refused', async () => {
    for (let round = 0; round < rounds; round++) {
      const [student] = await addPeopleWithSpans(school, [{ familyName: 'Lindqvist', givenNames: `Signe ${round}` }])
      const outcomes = await Promise.allSettled([
        openAffiliation(school.context, { personId: student, kind: 'student', validFrom: '2025-01-28', yearLevel: '3' }),
        openAffiliation(school.context, { personId: student, kind: 'student', validFrom: '2025-07-14', yearLevel: '3' })
      ])
      expect(outcomes.filter(outcome => outcome.status === 'fulfilled')).toHaveLength(1)
      const [refusal] = outcomes.filter(outcome => outcome.status === 'rejected')
      expect(refusal?.reason).toMatchObject({ code: 'unprocessable', detail: [expect.stringContaining('overlap')] })
      const spans = await school.database.db.select({ id: affiliations.id }).from(affiliations)
        .where(and(eq(affiliations.personId, student), eq(affiliations.kind, 'student')))
      expect(spans).toHaveLength(1)
    }
  })
})
