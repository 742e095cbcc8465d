import { beforeAll, describe, expect, it } from 'vitest'
import { standingsOnChild } from '../../../server/domain/access/standing'
import { childrenWithStanding } from '../../../server/domain/access/children-shown'
import { adultsByName } from '../../../server/domain/messages/audience'
import { listPeople } from '../../../server/domain/people/list-people'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { newSchool } from '../../support/schools'

type School = Awaited<ReturnType<typeof newSchool>>
const day = '2026-06-01'
const named = (rows: readonly { familyName: string, givenNames: string }[]) => rows.map(row => `${row.familyName}, ${row.givenNames}`)

/*
 * Text is ordered one way: every list of people orders them as the directory does (name keys, code
 * unit by code unit). `localeCompare` ignored the key's separator and the case and sorted ß and Ø
 * as letters they are not, so these names came out the other way round from the directory.
 */
describe('lists of people are in the directory\'s order', () => {
  let school: School
  let ids: { child: string, siblings: string[], adults: string[] }

  beforeAll(async () => {
    school = await newSchool({ name: 'Name Order College' })
    ids = await writeChanges(school.context, async (tx, changes) => {
      const person = (familyName: string, givenNames: string) => insertPerson(tx, changes, school.id, { familyName, givenNames })
      const adults = [
        await person('Smithe', 'Adam'), await person('Smith', 'Zoe'),
        await person('Pace', 'Bo'), await person('Øberg', 'Ann'),
        await person('Strauss', 'Ida'), await person('Straße', 'Eva')
      ]
      const child = await person('Smith', 'Aroha')
      const siblings = [await person('Smith', 'Pita'), await person('Smith', 'Øyvind')]
      for (const adultId of adults) {
        for (const childId of [child, ...siblings]) {
          await insertParentalResponsibility(tx, changes, school.school, { adultId, childId, relationship: 'parent', validFrom: '2015-01-01', validTo: null })
        }
      }
      return { child, siblings, adults }
    })
  })

  async function directoryOrder(among: readonly string[]) {
    const page = await listPeople(school.context, { limit: 100 })
    return named(page.items.filter(person => among.includes(person.id)))
  }

  it('orders the adults of a message\'s audience as the directory does', async () => {
    const expected = await directoryOrder(ids.adults)
    expect(expected).toEqual(['Pace, Bo', 'Smith, Zoe', 'Smithe, Adam', 'Strauss, Ida', 'Straße, Eva', 'Øberg, Ann'])
    expect(named(await adultsByName(school.context, [...ids.adults].reverse()))).toEqual(expected)
  })

  it('orders who can see a child as the directory does', async () => {
    expect(named((await standingsOnChild(school.context, ids.child, day)).map(entry => entry.adult))).toEqual(await directoryOrder(ids.adults))
  })

  it('orders an adult\'s children by given names first, folded and compared code unit by code unit', async () => {
    const children = await childrenWithStanding(school.context, ids.adults[0]!, 'details', day)
    expect(named(children)).toEqual(['Smith, Aroha', 'Smith, Pita', 'Smith, Øyvind'])
    expect(Object.keys(children[0]!).sort()).toEqual(['familyName', 'givenNames', 'id'])
  })
})
