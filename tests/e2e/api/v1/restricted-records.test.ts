import { beforeAll, describe, expect, it } from 'vitest'
import { scopeNames } from '../../../../server/domain/access/catalogue'
import { closeAffiliation } from '../../../../server/domain/affiliations/close-affiliation'
import { recordCourtOrder } from '../../../../server/domain/restricted/court-orders'
import { recordProtectionFlag } from '../../../../server/domain/restricted/protection-flags'
import { readRestrictedRecord } from '../../../../server/domain/restricted/restricted-record'
import { affiliations } from '../../../../db/schema'
import { eq } from 'drizzle-orm'
import { callApi } from '../../../support/api'
import { newSchool } from '../../../support/schools'
import { addPeopleWithSpans, type TestSchool } from '../../../support/roles-fixtures'

/**
 * Court orders, protection flags and exit reasons are restricted. No endpoint of this part returns
 * them, whatever the token holds, `restricted.read` included.
 */
describe('restricted records stay out of every answer', () => {
  let school: TestSchool
  let child: string, parent: string, leaver: string
  const secrets = ['Restricted order summary 7731', 'Restricted flag note 7732', 'Restricted exit note 7733']

  beforeAll(async () => {
    school = await newSchool()
    ;[child, parent, leaver] = await addPeopleWithSpans(school, [
      { familyName: 'Protected', givenNames: 'Child', spans: [{ validFrom: '2023-01-30', yearLevel: '3' }] },
      { familyName: 'Restrained', givenNames: 'Parent' },
      { familyName: 'Former', givenNames: 'Student', spans: [{ validFrom: '2019-01-29', yearLevel: '9' }] }
    ])
    const [order, flag] = await Promise.all([
      recordCourtOrder(
        school.context, child!,
        { kind: 'parenting_order', validFrom: '2024-03-01', restrainedPersonId: parent, purposes: ['collection'], summary: secrets[0] }
      ),
      recordProtectionFlag(school.context, child!, { kind: 'child_protection', validFrom: '2024-03-01', note: secrets[1] })
    ])
    const [span] = await school.database.db.select().from(affiliations).where(eq(affiliations.personId, leaver!))
    await closeAffiliation(school.context, span!.id, { lastDay: '2022-06-30', exitReason: { reason: 'wellbeing', note: secrets[2] } })
    const record = await readRestrictedRecord(school.context, child!)
    expect(record.courtOrders.map(row => row.id)).toEqual([order])
    expect(record.protectionFlags.map(row => row.id)).toEqual([flag])
    secrets.push(order, flag, 'parenting_order', 'child_protection', 'wellbeing')
    const exits = (await readRestrictedRecord(school.context, leaver!)).exitReasons
    expect(exits).toMatchObject([{ reason: 'wellbeing', note: secrets[2] }])
    secrets.push(exits[0]!.id)
  })

  it('with every scope, restricted.read included, no answer holds any of them', async () => {
    const token = await school.token(scopeNames)
    const answers = await Promise.all([
      '/api/v1/people?limit=1000',
      `/api/v1/people/${child}`,
      `/api/v1/people/${child}/billing`,
      `/api/v1/people/${leaver}/billing`,
      '/api/v1/affiliations?limit=1000',
      '/api/v1/alumni?limit=1000'
    ].map(path => callApi(path, { token })))
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      const text = JSON.stringify(answer.body)
      for (const secret of secrets) expect(text).not.toContain(secret)
    }
    // The former student is listed as an alumnus all the same: the reason they left is not shown.
    expect(answers[5]!.body.items.map((item: any) => item.id)).toContain(leaver)
  })
})
