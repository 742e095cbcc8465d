import { beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { consents } from '../../../db/schema'
import { createConsentAsk } from '../../../server/domain/consents/create-consent-ask'
import { createConsentPurpose } from '../../../server/domain/consents/consent-purposes'
import { recordConsentAnswer } from '../../../server/domain/consents/record-answer'
import { recordCourtOrder } from '../../../server/domain/restricted/court-orders'
import { addDays } from '../../../server/domain/days/calendar'
import { seedPortalFamilies } from '../../support/portal-families'
import { newSchool } from '../../support/schools'

/** Work to commit just before the next write begins: the moment between a check made before a write and the write. */
const between = vi.hoisted(() => ({ work: undefined as undefined | (() => Promise<unknown>) }))

vi.mock('../../../server/domain/shared/write-changes', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../server/domain/shared/write-changes')>()
  return {
    ...original,
    writeChanges: async (...args: Parameters<typeof original.writeChanges>) => {
      const work = between.work
      between.work = undefined
      if (work) await work()
      return original.writeChanges(...args)
    }
  }
})

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
    between.work = () => recordCourtOrder(
      school.context, families.aroha,
      { kind: 'parenting_order', restrainedPersonId: families.mother, purposes: ['consents'], validFrom: families.today, validTo: null }
    )
    await expect(recordConsentAnswer(school.context, { askId, childId: families.aroha, adultId: families.mother, answer: 'yes' })).rejects.toMatchObject({
      code: 'no_consent_standing'
    })
    expect(between.work).toBeUndefined()
    expect(await answersOf(families.mother)).toEqual([])
    // The other parent, whom the order does not name, still answers.
    await recordConsentAnswer(school.context, { askId, childId: families.aroha, adultId: families.father, answer: 'yes' })
    expect(await answersOf(families.father)).toHaveLength(1)
  })
})
