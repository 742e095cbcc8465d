import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { affiliations } from '../../../db/schema'
import { inForceOn, isInForceOn, isNotEndedBefore, notEndedBefore } from '../../../server/domain/days/in-force'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans, type TestSchool } from '../../support/roles-fixtures'
import { inForceCases, inForceDay } from '../../support/in-force-cases'

describe('in force on a day, in SQL', () => {
  let school: TestSchool
  let caseOf: Map<string, (typeof inForceCases)[number]>

  beforeAll(async () => {
    school = await newSchool()
    const ids = await addPeopleWithSpans(
      school, inForceCases.map(({ name, validFrom, validTo }) => ({ familyName: 'Span', givenNames: name, spans: [{ validFrom, validTo }] }))
    )
    caseOf = new Map(ids.map((id, i) => [id, inForceCases[i]!]))
  })

  /** The case names whose spans the condition keeps, in this database. */
  async function kept(condition: ReturnType<typeof inForceOn>) {
    const rows = await school.database.db.select({ personId: affiliations.personId }).from(affiliations)
      .where(and(eq(affiliations.schoolId, school.id), inArray(affiliations.personId, [...caseOf.keys()]), condition))
    return rows.map(row => caseOf.get(row.personId)!.name).sort()
  }

  it('keeps exactly the spans the TypeScript predicate calls in force', async () => {
    const expected = inForceCases.filter(span => isInForceOn(span, inForceDay)).map(span => span.name).sort()
    expect(expected).toEqual(inForceCases.filter(span => span.inForce).map(span => span.name).sort())
    expect(await kept(inForceOn(affiliations, inForceDay))).toEqual(expected)
  })

  it('keeps exactly the spans not ended before the day', async () => {
    const expected = inForceCases.filter(span => isNotEndedBefore(span, inForceDay)).map(span => span.name).sort()
    expect(await kept(notEndedBefore(affiliations, inForceDay))).toEqual(expected)
  })

  it('takes the day from a prepared query\'s placeholder as well', async () => {
    const query = school.database.prepared('test-in-force-on-day', db => db.select({ personId: affiliations.personId }).from(affiliations)
      .where(and(eq(affiliations.schoolId, sql.placeholder('schoolId')), inForceOn(affiliations, sql.placeholder('day')))))
    const rows = await query({ schoolId: school.id, day: inForceDay })
    expect(rows.map(row => caseOf.get(row.personId)!.name).sort()).toEqual(inForceCases.filter(span => span.inForce).map(span => span.name).sort())
  })
})
