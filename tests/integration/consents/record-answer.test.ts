import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { changeEvents, consents } from '../../../db/schema'
import { changeConsentAsk } from '../../../server/domain/consents/change-consent-ask'
import { createConsentAsk } from '../../../server/domain/consents/create-consent-ask'
import { createConsentPurpose } from '../../../server/domain/consents/consent-purposes'
import { answerHistory, recordConsentAnswer } from '../../../server/domain/consents/record-answer'
import { addDays } from '../../../server/domain/days/calendar'
import { seedClass } from '../../support/consent-fixtures'
import { seedPortalFamilies } from '../../support/portal-families'
import { newSchool } from '../../support/schools'

/*
 * Recording an answer (docs/consents.md, "Answers"; server/domain/consents/record-answer.ts): the checks
 * in their order, so that nothing tells an adult more than standing grants, and nothing is recorded on a
 * refusal. One rule a test, on the portal families (tests/support/portal-families.ts).
 */
describe('recording a consent answer', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let excursion: string, photographs: string

  beforeAll(async () => {
    school = await newSchool({ name: 'Consent Recording School' })
    families = await seedPortalFamilies(school)
    excursion = (await createConsentPurpose(school.context, { name: 'Excursion', aboutNamedThing: true, lasting: 'each_occasion' })).id
    photographs = (await createConsentPurpose(school.context, { name: 'Photographs', aboutNamedThing: false, lasting: 'standing' })).id
  })

  const ask = async (purposeId: string, audience = ['year:3'], closesOn = addDays(families.today, 7)) =>
    (await createConsentAsk(
      school.context, { purposeId, subject: purposeId === excursion ? 'Zoo' : undefined, audience, closesOn, answeredBy: 'every_adult' }
    )).id
  const answer = (askId: string, childId: string, adultId: string, given: 'yes' | 'no' = 'yes') =>
    recordConsentAnswer(school.context, { askId, childId, adultId, answer: given })
  const paperForm = (askId: string, childId: string, adultId: string, day: string) =>
    recordConsentAnswer(school.context, { askId, childId, adultId, answer: 'yes', onBehalf: true, day })
  const answersKept = async () => (await school.database.db.select({ id: consents.id }).from(consents).where(eq(consents.schoolId, school.id))).length
  /** The refusal's code and words, which must not differ by reason. */
  const refusalOf = (attempt: Promise<unknown>) =>
    attempt.then(() => undefined, (error: { code: string, detail: string[] }) => ({ code: error.code, detail: error.detail }))

  it('refuses every family answer without consents standing alike (no_consent_standing), whatever the reason, and records nothing', async () => {
    const askId = await ask(excursion)
    const before = await answersKept()
    const refusals = await Promise.all([
      refusalOf(answer(askId, families.tama, families.separated)), // a court order keeps him from details
      refusalOf(answer(askId, families.mere, families.unsafe)), // a protection flag does not name him
      refusalOf(answer(askId, families.rua, families.former)), // responsibility ended last month
      refusalOf(answer(askId, families.tama, families.mother)), // another family's child
      refusalOf(answer(askId, 'per_doesnotexist00000000', families.mother)), // no such child
      refusalOf(answer('cak_doesnotexist0000000000', families.aroha, families.mother)) // no such ask at this school
    ])
    expect(refusals[0]).toEqual({ code: 'no_consent_standing', detail: ['This adult cannot answer for this child on this day.'] })
    for (const refusal of refusals) expect(refusal).toEqual(refusals[0])
    expect(await answersKept()).toBe(before)
  })

  it('checks a paper form the office types in on the form\'s day: recorded for a day the adult held responsibility, refused for today', async () => {
    const askId = await ask(excursion)
    const whileHeld = addDays(families.lastMonth, -1)
    expect(await paperForm(askId, families.rua, families.former, whileHeld)).toMatchObject({ answer: 'yes', effectiveFrom: whileHeld, enteredByStaff: true })
    expect(await refusalOf(paperForm(askId, families.rua, families.former, families.today))).toMatchObject({ code: 'no_consent_standing' })
    expect(await refusalOf(paperForm(askId, families.tama, families.separated, families.today))).toMatchObject({ code: 'no_consent_standing' })
  })

  it('tells the office an ask id of no ask is not_found, where a family is told no_consent_standing', async () => {
    expect(await refusalOf(paperForm('cak_doesnotexist0000000000', families.aroha, families.mother, families.today))).toMatchObject({ code: 'not_found' })
  })

  it('answers not_found when the adult may answer for the child but the ask is not for the child', async () => {
    await seedClass(school, '3R', [families.aroha])
    const askId = await ask(excursion, ['class:3R'])
    const before = await answersKept()
    expect(await refusalOf(answer(askId, families.tama, families.resident))).toEqual({ code: 'not_found', detail: ['This ask is not for this child.'] })
    expect(await answersKept()).toBe(before)
  })

  it('refuses answers once the closing day has passed, or the ask was closed or cancelled (ask_closed), and records nothing', async () => {
    const lastDay = await ask(excursion, ['year:3'], families.today)
    expect(await answer(lastDay, families.aroha, families.mother)).toMatchObject({ answer: 'yes' })
    const before = await answersKept()
    await changeConsentAsk(school.context, lastDay, { closesOn: addDays(families.today, -1) })
    expect(await refusalOf(answer(lastDay, families.aroha, families.father))).toMatchObject({ code: 'ask_closed' })
    const closed = await ask(excursion)
    await changeConsentAsk(school.context, closed, { status: 'closed' })
    expect(await refusalOf(answer(closed, families.aroha, families.mother))).toMatchObject({ code: 'ask_closed' })
    const cancelled = await ask(excursion)
    await changeConsentAsk(school.context, cancelled, { status: 'cancelled' })
    expect(await refusalOf(answer(cancelled, families.aroha, families.mother))).toMatchObject({ code: 'ask_closed' })
    expect(await answersKept()).toBe(before)
  })

  it('takes the withdrawal of a standing consent after its ask closed, but no yes, and no withdrawal once the ask was cancelled', async () => {
    const closed = await ask(photographs)
    await answer(closed, families.aroha, families.mother, 'yes')
    await changeConsentAsk(school.context, closed, { status: 'closed' })
    expect(await answer(closed, families.aroha, families.mother, 'no')).toMatchObject({ answer: 'no' })
    expect(await refusalOf(answer(closed, families.aroha, families.mother, 'yes'))).toMatchObject({ code: 'ask_closed' })
    // An each-occasion purpose has no standing consent to withdraw.
    const excursionAsk = await ask(excursion)
    await changeConsentAsk(school.context, excursionAsk, { status: 'closed' })
    expect(await refusalOf(answer(excursionAsk, families.aroha, families.mother, 'no'))).toMatchObject({ code: 'ask_closed' })
    const cancelled = await ask(photographs)
    await changeConsentAsk(school.context, cancelled, { status: 'cancelled' })
    expect(await refusalOf(answer(cancelled, families.aroha, families.mother, 'no'))).toMatchObject({ code: 'ask_closed' })
  })

  it('never changes an earlier answer: a second one is a new row (consent.updated after consent.created) and the history keeps both', async () => {
    const askId = await ask(excursion)
    const first = await answer(askId, families.mere, families.safe, 'yes')
    await new Promise(resolve => setTimeout(resolve, 5))
    const second = await answer(askId, families.mere, families.safe, 'no')
    expect(second.id).not.toBe(first.id)
    const events = await school.database.db.select({ kind: changeEvents.kind, id: changeEvents.recordId }).from(changeEvents)
      .where(and(eq(changeEvents.schoolId, school.id), inArray(changeEvents.recordId, [first.id, second.id])))
    expect(new Map(events.map(event => [event.id, event.kind]))).toEqual(new Map([[first.id, 'consent.created'], [second.id, 'consent.updated']]))
    expect((await answerHistory(school.context, askId, families.mere, families.safe)).map(entry => entry.answer)).toEqual(['yes', 'no'])
  })
})
