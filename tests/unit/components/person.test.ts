import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * The person record's cards share their pieces: a list of the record (a heading, "None.", a row an
 * item) is PersonSpanList, a set of terms is PersonFacts. A card that writes either again by hand
 * fails here; who can see a child is the one other list (a row an adult, with purposes and reasons).
 */
describe('the person record\'s cards write their lists and terms once', () => {
  const folder = resolve(import.meta.dirname, '../../../components/person')
  const cards = readdirSync(folder).filter(name => name.endsWith('.vue'))
  const writing = (pattern: RegExp) => cards.filter(name => pattern.test(readFileSync(join(folder, name), 'utf8'))).sort()

  it('leaves the divided list of a card to PersonSpanList', () => {
    expect(writing(/<ul\b[^>]*\bdivide-y\b/)).toEqual(['PersonSpanList.vue', 'PersonWhoCanSee.vue'])
  })

  it('leaves the definition list of a card to PersonFacts', () => {
    expect(writing(/<dl\b[^>]*\bgrid\b/)).toEqual(['PersonFacts.vue'])
  })

  it('uses each in every card that shows a list of the record or its terms', () => {
    expect(writing(/<PersonSpanList\b/))
      .toEqual(['PersonAbsences.vue', 'PersonAdmissions.vue', 'PersonBilling.vue', 'PersonFamily.vue', 'PersonNames.vue', 'PersonRestricted.vue'])
    expect(writing(/<PersonFacts\b/)).toEqual(['PersonNames.vue', 'PersonNotifications.vue', 'PersonPortal.vue'])
  })
})
