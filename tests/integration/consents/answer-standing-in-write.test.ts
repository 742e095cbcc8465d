import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { consents } from '../../../db/schema'
import { createConsentAsk } from '../../../server/domain/consents/create-consent-ask'
import { createConsentPurpose } from '../../../server/domain/consents/consent-purposes'
import { recordConsentAnswer } from '../../../server/domain/consents/record-answer'
import { recordCourtOrder } from '../../../server/domain/restricted/court-orders'
import { addDays } from '../../../server/domain/days/calendar'
import { seedPortalFamilies } from '../../support/portal-families'
import { newSchool } from '../../support/schools'

/*
 * A consent answer never lands after standing was withdrawn (the review of issue 35): standing is asked
 * again inside the answer's write, under the school's lock that every order, flag and responsibility write
 * takes, so an order committed after the first check and before the write is honoured.
 */
describe('a consent answer asks standing again inside its write', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let askId: string

  beforeAll(async () => {
    school = await newSchool({ name: 'Answer Standing School' })
    families = await seedPortalFamilies(school)
    const purpose = await createConsentPurpose(school.context, { name: 'Swimming', aboutNamedThing: false, lasting: 'standing' })
    askId = (await createConsentAsk(
      school.context, { purposeId: purpose.id, audience: ['year:3'], closesOn: addDays(families.today, 7), answeredBy: 'any_adult' }
    )).id
  })

  const answersOf = (adultId: string) => school.database.db.select().from(consents)
    .where(and(eq(consents.schoolId, school.id), eq(consents.childId, families.aroha), eq(consents.adultId, adultId)))

  it('refuses an answer when a court order keeping the adult from consents commits between the first check and the write, recording nothing', async () => {
    // The answer's context, whose next transaction first commits the order: the moment between the check made
    // before the write and the write. (Not a module mock: the suite's files share their workers' modules.)
    let orderCommitted = false
    const database = school.context.database
    const context = {
      ...school.context,
      database: {
        ...database,
        transaction: async <T>(work: Parameters<typeof database.transaction<T>>[0]) => {
          if (!orderCommitted) {
            orderCommitted = true
            await recordCourtOrder(
              school.context, families.aroha,
              { kind: 'parenting_order', restrainedPersonId: families.mother, purposes: ['consents'], validFrom: families.today, validTo: null }
            )
          }
          return database.transaction(work)
        }
      }
    }
    await expect(recordConsentAnswer(context, { askId, childId: families.aroha, adultId: families.mother, answer: 'yes' })).rejects.toMatchObject({
      code: 'no_consent_standing'
    })
    expect(orderCommitted).toBe(true)
    expect(await answersOf(families.mother)).toEqual([])
    // The other parent, whom the order does not name, still answers.
    await recordConsentAnswer(school.context, { askId, childId: families.aroha, adultId: families.father, answer: 'yes' })
    expect(await answersOf(families.father)).toHaveLength(1)
  })
})
