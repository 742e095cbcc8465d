import type { DomainContext } from '../../shared/context'
import { todayInZone } from '../../days/clock'
import { createConsentPurpose } from '../../consents/consent-purposes'
import { createConsentAsk } from '../../consents/create-consent-ask'

/**
 * A demo school's open consent ask to every year group (the whole school to the museum, every adult to
 * answer), as the office makes one through the screens: its purpose, the ask and a child row each.
 */
export async function seedDemoConsentAsk(ctx: DomainContext) {
  const year = Number(todayInZone(ctx.school.timeZone).slice(0, 4))
  const purpose = await createConsentPurpose(ctx, { name: 'Excursions', aboutNamedThing: true, lasting: 'each_occasion' })
  const ask = await createConsentAsk(ctx, {
    purposeId: purpose.id, subject: 'The whole school to the museum', audience: ctx.school.lists.yearLevels.map(level => `year:${level}`),
    closesOn: `${year + 1}-06-30`, answeredBy: 'every_adult'
  })
  return { consentAskId: ask.id, consentChildren: ask.childCount }
}
