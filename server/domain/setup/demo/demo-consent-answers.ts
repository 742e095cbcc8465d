import type { DomainContext } from '../../shared/context'
import { todayInZone } from '../../days/clock'
import { addDays } from '../../days/calendar'
import { createConsentPurpose, listConsentPurposes } from '../../consents/consent-purposes'
import { createConsentAsk } from '../../consents/create-consent-ask'
import { changeConsentAsk } from '../../consents/change-consent-ask'
import { recordConsentAnswer } from '../../consents/record-answer'
import { unansweredOfAsk } from '../../consents/ask-answers'
import type { ConsentAnswer } from '../../../../shared/vocabulary'
import type { DemoPortalFamilies } from './demo-portal-families'
import { seedDemoConsentAsk } from './demo-consent-ask'

/** Children of an ask the demo answers for, beside the first family's: enough to fill the tallies, few enough to stay quick. */
const answeredChildren = 10

/**
 * Answers an ask for its first children as families do over a few days: three in five answer yes, one in five
 * no, one in five not yet; on an ask for every adult, each adult answers, else the first. The first family is
 * left out: its answers are set by hand, so its parents see what a parent does.
 */
async function answerSome(ctx: DomainContext, askId: string, everyAdult: boolean, leftOut: readonly string[]) {
  const waiting = [...await unansweredOfAsk(ctx, askId, todayInZone(ctx.school.timeZone))].filter(([childId]) => !leftOut.includes(childId))
  let answers = 0
  for (const [i, [childId, adults]] of waiting.slice(0, answeredChildren).entries()) {
    if (i % 5 === 4) continue
    const answer: ConsentAnswer = i % 5 === 3 ? 'no' : 'yes'
    for (const adultId of everyAdult ? [...adults] : [...adults].slice(0, 1)) {
      await recordConsentAnswer(ctx, { askId, childId, adultId, answer })
      answers++
    }
  }
  return answers
}

/**
 * The demo's consent asks (docs/consents.md): the whole school to the museum (open, every adult answers:
 * seedDemoConsentAsk), a standing consent to photographs (open, any adult), and a swimming carnival for one
 * year (closed early, once answered). Families have answered some; the office typed in two paper forms.
 * The first family's father said yes to the museum for both children and its mother has not yet, she said
 * yes to photographs of the younger child only, and the swimming carnival's paper form is hers.
 */
export async function seedDemoConsents(ctx: DomainContext, families: DemoPortalFamilies, swimmingLevel: string) {
  const today = todayInZone(ctx.school.timeZone)
  const [mother, father] = families.shared.adults
  const [younger, older] = families.shared.children
  const { consentAskId: museumId } = await seedDemoConsentAsk(ctx)
  const excursions = (await listConsentPurposes(ctx)).items.find(purpose => purpose.name === 'Excursions')!
  const photographs = await createConsentPurpose(ctx, { name: 'Photographs in school publications', aboutNamedThing: false, lasting: 'standing' })
  const photoAsk = await createConsentAsk(ctx, {
    purposeId: photographs.id, audience: ctx.school.lists.yearLevels.map(level => `year:${level}`), closesOn: addDays(today, 21), answeredBy: 'any_adult',
    text: 'May the school show photographs of your child in its newsletter, yearbook and website? You may withdraw this at any time.'
  })
  const swimming = await createConsentAsk(ctx, {
    purposeId: excursions.id, subject: `Year ${swimmingLevel} swimming carnival`, audience: [`year:${swimmingLevel}`],
    closesOn: addDays(today, 7), occasionOn: addDays(today, 10), answeredBy: 'every_adult'
  })
  const firstFamily = families.shared.children
  let answers = await answerSome(ctx, museumId, true, firstFamily) + await answerSome(ctx, photoAsk.id, false, firstFamily)
    + await answerSome(ctx, swimming.id, true, firstFamily)
  for (const childId of firstFamily) await recordConsentAnswer(ctx, { askId: museumId, childId, adultId: father, answer: 'yes' })
  await recordConsentAnswer(ctx, { askId: photoAsk.id, childId: younger, adultId: mother, answer: 'yes' })
  // Paper forms handed in at the office, typed in for the day each was signed.
  const [paperChild, paperAdults] = [...await unansweredOfAsk(ctx, photoAsk.id, today)].find(([childId]) => !firstFamily.includes(childId))!
  await recordConsentAnswer(ctx, {
    askId: photoAsk.id, childId: paperChild, adultId: [...paperAdults][0]!, answer: 'no', onBehalf: true, day: addDays(today, -2)
  })
  await recordConsentAnswer(ctx, { askId: swimming.id, childId: older, adultId: mother, answer: 'yes', onBehalf: true, day: addDays(today, -1) })
  await recordConsentAnswer(ctx, { askId: swimming.id, childId: older, adultId: father, answer: 'yes' })
  answers += firstFamily.length + 4
  await changeConsentAsk(ctx, swimming.id, { status: 'closed' })
  return { consentAsks: { open: [museumId, photoAsk.id], closed: [swimming.id] }, consentAnswers: answers }
}
