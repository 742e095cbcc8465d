import { beforeAll, describe, expect, it } from 'vitest'
import { answersOfChildren, askWithPurpose } from '../../../server/domain/consents/ask-answers'
import { createConsentAsk } from '../../../server/domain/consents/create-consent-ask'
import { createConsentPurpose } from '../../../server/domain/consents/consent-purposes'
import { recordConsentAnswer } from '../../../server/domain/consents/record-answer'
import { addDays } from '../../../server/domain/days/calendar'
import { seedPortalFamilies } from '../../support/portal-families'
import { newSchool } from '../../support/schools'

/*
 * Where an ask stands for a child on a day (docs/consents.md, "Where an ask stands for a child on a day";
 * server/domain/consents/ask-answers.ts): each adult's answer in force is the last recorded of those in
 * force by the day; only adults with `consents` standing on the child that day count; `every_adult` is
 * yes when each said yes and no when any said no, `any_adult` takes the answer recorded last; a standing
 * purpose's answer lasts across its asks. One rule a test, on the portal families (tests/support/portal-families.ts):
 * Aroha (mother and father), Tama (a court order keeps his separated parent from details), Mere (a flag
 * names her safe adult only), Rua (a carer whose responsibility ended last month; a guardian since).
 */
describe('where a consent ask stands for a child', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let excursion: string, photographs: string

  beforeAll(async () => {
    school = await newSchool({ name: 'Consent Answers School' })
    families = await seedPortalFamilies(school)
    excursion = (await createConsentPurpose(school.context, { name: 'Excursion', aboutNamedThing: true, lasting: 'each_occasion' })).id
    photographs = (await createConsentPurpose(school.context, { name: 'Photographs', aboutNamedThing: false, lasting: 'standing' })).id
  })

  const askYear3 = async (purposeId: string, answeredBy: 'every_adult' | 'any_adult', subject?: string) =>
    (await createConsentAsk(school.context, { purposeId, subject, audience: ['year:3'], closesOn: addDays(families.today, 7), answeredBy })).id
  /** A family's answer, for today. */
  const answer = (askId: string, childId: string, adultId: string, given: 'yes' | 'no') =>
    recordConsentAnswer(school.context, { askId, childId, adultId, answer: given })
  /** A paper form the office types in, for the form's day. */
  const paperForm = (askId: string, childId: string, adultId: string, given: 'yes' | 'no', day: string) =>
    recordConsentAnswer(school.context, { askId, childId, adultId, answer: given, onBehalf: true, day })
  /** The child's state on the ask on the day, with the adults whose answers count. */
  async function standOn(askId: string, childId: string, day = families.today) {
    const { ask, purpose } = await askWithPurpose(school.context, askId)
    const [state] = await answersOfChildren(school.context, ask, purpose, [childId], day)
    return { status: state!.status, counted: state!.adults.map(adult => adult.adultId).sort() }
  }
  /** Lets the clock move on, so two answers never share a millisecond and "recorded last" is plain. */
  const aMomentLater = () => new Promise(resolve => setTimeout(resolve, 5))

  it('every_adult: is not yet while one adult with consents standing has not answered, and yes once each has said yes', async () => {
    const ask = await askYear3(excursion, 'every_adult', 'Zoo')
    await answer(ask, families.aroha, families.mother, 'yes')
    expect((await standOn(ask, families.aroha)).status).toBe('not_yet')
    await answer(ask, families.aroha, families.father, 'yes')
    expect(await standOn(ask, families.aroha)).toEqual({ status: 'yes', counted: [families.mother, families.father].sort() })
  })

  it('every_adult: is no when any adult says no, whatever the others said', async () => {
    const ask = await askYear3(excursion, 'every_adult', 'Museum')
    await answer(ask, families.aroha, families.mother, 'yes')
    await answer(ask, families.aroha, families.father, 'no')
    expect((await standOn(ask, families.aroha)).status).toBe('no')
  })

  it('any_adult: takes the answer recorded last, whichever adult gave it', async () => {
    const ask = await askYear3(excursion, 'any_adult', 'Beach')
    expect((await standOn(ask, families.aroha)).status).toBe('not_yet')
    await answer(ask, families.aroha, families.mother, 'yes')
    expect((await standOn(ask, families.aroha)).status).toBe('yes')
    await aMomentLater()
    await answer(ask, families.aroha, families.father, 'no')
    expect((await standOn(ask, families.aroha)).status).toBe('no')
    await aMomentLater()
    await answer(ask, families.aroha, families.mother, 'yes')
    expect((await standOn(ask, families.aroha)).status).toBe('yes')
  })

  it('an adult\'s later answer supersedes their earlier one, and a withdrawal from a later day leaves the yes in force until the day before', async () => {
    const ask = await askYear3(excursion, 'every_adult', 'Farm')
    await answer(ask, families.aroha, families.mother, 'no')
    await aMomentLater()
    await answer(ask, families.aroha, families.mother, 'yes')
    await answer(ask, families.aroha, families.father, 'yes')
    expect((await standOn(ask, families.aroha)).status).toBe('yes')
    const from = addDays(families.today, 3)
    await paperForm(ask, families.aroha, families.father, 'no', from)
    expect((await standOn(ask, families.aroha)).status).toBe('yes')
    expect((await standOn(ask, families.aroha, addDays(from, -1))).status).toBe('yes')
    expect((await standOn(ask, families.aroha, from)).status).toBe('no')
  })

  it('counts only the adults with consents standing: a parent a court order keeps from details, or a flag does not name, is never waited for', async () => {
    const ask = await askYear3(excursion, 'every_adult', 'Pool')
    expect(await standOn(ask, families.tama)).toEqual({ status: 'not_yet', counted: [families.resident] })
    await answer(ask, families.tama, families.resident, 'yes')
    expect((await standOn(ask, families.tama)).status).toBe('yes')
    expect(await standOn(ask, families.mere)).toEqual({ status: 'not_yet', counted: [families.safe] })
    await answer(ask, families.mere, families.safe, 'yes')
    expect((await standOn(ask, families.mere)).status).toBe('yes')
  })

  it('counts an answer only on days its adult has standing: a former carer\'s answer from while they held responsibility no longer counts', async () => {
    const ask = await askYear3(excursion, 'every_adult', 'Camp')
    const whileHeld = addDays(families.lastMonth, -1)
    await paperForm(ask, families.rua, families.former, 'no', whileHeld)
    expect(await standOn(ask, families.rua, whileHeld)).toEqual({ status: 'no', counted: [families.former] })
    expect(await standOn(ask, families.rua)).toEqual({ status: 'not_yet', counted: [families.guardian] })
    await answer(ask, families.rua, families.guardian, 'yes')
    expect((await standOn(ask, families.rua)).status).toBe('yes')
  })

  it('keeps a standing purpose\'s answer across its asks, until withdrawn', async () => {
    const first = await askYear3(photographs, 'every_adult')
    await answer(first, families.aroha, families.mother, 'yes')
    await answer(first, families.aroha, families.father, 'yes')
    const second = await askYear3(photographs, 'every_adult')
    expect((await standOn(second, families.aroha)).status).toBe('yes')
    await answer(second, families.aroha, families.father, 'no')
    expect((await standOn(first, families.aroha)).status).toBe('no')
  })

  it('asks again on each ask of an each-occasion purpose: an earlier ask\'s answers do not count', async () => {
    const first = await askYear3(excursion, 'every_adult', 'Theatre')
    await answer(first, families.aroha, families.mother, 'yes')
    await answer(first, families.aroha, families.father, 'yes')
    expect((await standOn(first, families.aroha)).status).toBe('yes')
    const second = await askYear3(excursion, 'every_adult', 'Theatre again')
    expect((await standOn(second, families.aroha)).status).toBe('not_yet')
  })
})
