import { describe, expect, it } from 'vitest'
import { askAnswersPage } from '../../../server/domain/consents/answer-lists'
import { createConsentAsk } from '../../../server/domain/consents/create-consent-ask'
import { createConsentPurpose } from '../../../server/domain/consents/consent-purposes'
import { todayInZone } from '../../../server/domain/days/clock'
import { seedYearFamilies } from '../../support/consent-fixtures'
import { newSchool } from '../../support/schools'

/*
 * An ask's answers are paged two ways (answer-lists.ts, askChildrenPage): a small ask joins its children
 * to their names, a large one walks the school's people in name order. Both must give the same children
 * in the same order, every child once, with the ask's adults (the parents, also in name order) left out.
 */
describe('an ask\'s answers, page by page', () => {
  it('gives every child of the ask once, in name order, whether a page is small enough to walk the school or not', async () => {
    const school = await newSchool({ name: 'Answer Paging School' })
    const { children } = await seedYearFamilies(school, '7', 45, `paging${process.pid}-`)
    const purpose = await createConsentPurpose(school.context, { name: 'Photographs', aboutNamedThing: false, lasting: 'standing' })
    const today = todayInZone(school.school.timeZone)
    const ask = await createConsentAsk(school.context, { purposeId: purpose.id, audience: ['year:7'], closesOn: '2099-12-31', answeredBy: 'every_adult' })
    expect(ask.childCount).toBe(46)

    const whole = await askAnswersPage(school.context, ask.id, today, { limit: 100 })
    expect(whole.next).toBeNull()
    const joined = whole.items.map(item => item.child.id)
    expect([...joined].sort()).toEqual([...children].sort())

    // 46 children are more than 20 pages of one: each page walks the school's names from the cursor.
    const walked: string[] = []
    let after: [string, string] | undefined
    for (;;) {
      const page = await askAnswersPage(school.context, ask.id, today, { limit: 1, after })
      walked.push(...page.items.map(item => item.child.id))
      if (!page.next) break
      after = page.next
    }
    expect(walked).toEqual(joined)
  })
})
