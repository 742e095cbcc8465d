import { beforeAll, describe, expect, it } from 'vitest'
import { askAnswersPage, askClassList } from '../../../server/domain/consents/answer-lists'
import { consentsOfChild } from '../../../server/domain/consents/child-consents'
import { createConsentAsk } from '../../../server/domain/consents/create-consent-ask'
import { createConsentPurpose } from '../../../server/domain/consents/consent-purposes'
import { listConsentAsks, readConsentAsk } from '../../../server/domain/consents/list-consent-asks'
import { addDays } from '../../../server/domain/days/calendar'
import type { DomainContext } from '../../../server/domain/shared/context'
import { seedClass } from '../../support/consent-fixtures'
import { seedPortalFamilies } from '../../support/portal-families'
import { newSchool } from '../../support/schools'

/*
 * Issue 35, point 5 (the gaps after the answers page): every office read of consent answers takes
 * another day only with `restricted.read` (which adults' answers count on a day follows court orders and
 * flags), and an ask's tally counts the children its answers page lists, leaving out a child under
 * restriction for staff without `restricted.read` (`office_list`).
 */
describe('consent answers on other days and the tally of children under restriction', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let office: DomainContext
  let askId: string
  let tomorrow: string

  beforeAll(async () => {
    school = await newSchool({ name: 'Consent Days School' })
    families = await seedPortalFamilies(school)
    await seedClass(school, '3A', [families.aroha, families.tama, families.mere])
    office = { ...school.context, capabilities: new Set(['consents.manage']) }
    const purpose = await createConsentPurpose(school.context, { name: 'Excursion', aboutNamedThing: true, lasting: 'each_occasion' })
    askId = (await createConsentAsk(
      school.context,
      { purposeId: purpose.id, subject: 'Zoo', audience: ['year:3'], closesOn: addDays(families.today, 7), answeredBy: 'every_adult' }
    )).id
    tomorrow = addDays(families.today, 1)
  })

  it('refuses another day than today without restricted.read on the tally, the class list and a child\'s consents, before looking the ask '
    + 'or child up', async () => {
    const refused = { code: 'forbidden', extras: { data: { missingScope: 'restricted.read' } } }
    await expect(readConsentAsk(office, askId, tomorrow)).rejects.toMatchObject(refused)
    await expect(readConsentAsk(office, 'cak_doesnotexist0000000000', tomorrow)).rejects.toMatchObject(refused)
    await expect(askClassList(office, askId, '3A', tomorrow)).rejects.toMatchObject(refused)
    await expect(askClassList(office, askId, '3A', families.lastMonth)).rejects.toMatchObject(refused)
    await expect(consentsOfChild(office, families.aroha, tomorrow)).rejects.toMatchObject(refused)
    await expect(consentsOfChild(office, families.aroha, families.lastMonth)).rejects.toMatchObject(refused)
    // Today answers, and a caller holding restricted.read has every day.
    expect((await readConsentAsk(office, askId, families.today)).id).toBe(askId)
    expect((await askClassList(office, askId, '3A', families.today)).day).toBe(families.today)
    expect((await consentsOfChild(office, families.aroha, families.today)).day).toBe(families.today)
    expect((await readConsentAsk(school.context, askId, tomorrow)).id).toBe(askId)
    expect((await askClassList(school.context, askId, '3A', tomorrow)).day).toBe(tomorrow)
    expect((await consentsOfChild(school.context, families.aroha, tomorrow)).day).toBe(tomorrow)
  })

  it('tallies the children the answers page lists: without restricted.read, Tama (an order) and Mere (a flag) are left out of both', async () => {
    const sum = (tally: { yes: number, no: number, notYet: number }) => tally.yes + tally.no + tally.notYet
    const officePage = await askAnswersPage(office, askId, families.today, { limit: 100 })
    expect(officePage.items.map(item => item.child.givenNames).sort()).toEqual(['Aroha', 'Rua', 'Wiremu'])
    expect(sum((await readConsentAsk(office, askId, families.today)).tally)).toBe(officePage.items.length)
    const listed = (await listConsentAsks(office, { limit: 10 })).items.find(item => item.id === askId)!
    expect(sum(listed.tally)).toBe(officePage.items.length)
    const wholePage = await askAnswersPage(school.context, askId, families.today, { limit: 100 })
    expect(wholePage.items).toHaveLength(5)
    expect(sum((await readConsentAsk(school.context, askId, families.today)).tally)).toBe(5)
  })
})
