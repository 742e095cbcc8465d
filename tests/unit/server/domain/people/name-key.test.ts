import { describe, expect, it } from 'vitest'
import { compareByName, givenFirstKey, nameKeyMatches, nameSearchKeys, nameSearchPrefixes, nameSortKey } from '../../../../../server/domain/people/name-key'

describe('nameSortKey', () => {
  it.each([
    ['Émond', 'Zoë', 'emond', 'zoe'],
    ['Müller', 'Jürgen', 'MULLER', 'JURGEN'],
    ['Ó Súilleabháin', 'Áine', 'o suilleabhain', 'aine']
  ])('folds case and accents: %s %s is %s %s', (family, given, otherFamily, otherGiven) => {
    expect(nameSortKey(family, given)).toBe(nameSortKey(otherFamily, otherGiven))
  })

  it('orders by family name before given names', () => {
    const keys = [['Smith', 'Aaron'], ['Smi', 'Zed'], ['Smith', 'A'], ['Abbott', 'Zoe']].map(([f, g]) => nameSortKey(f!, g!))
    expect([...keys].sort()).toEqual([nameSortKey('Abbott', 'Zoe'), nameSortKey('Smi', 'Zed'), nameSortKey('Smith', 'A'), nameSortKey('Smith', 'Aaron')])
  })
})

describe('the directory\'s search by name', () => {
  const finds = (search: string, family: string, given: string) => nameKeyMatches(nameSortKey(family, given), nameSearchPrefixes(search))

  it.each([
    ['zoe', 'Ngata', 'Zoë'],
    ['oconnor', 'O\'Connor', 'Liam'],
    ['o’connor', 'O\'Connor', 'Liam'],
    ['van der berg', 'Van der Berg', 'Anneke'],
    ['VAN DER', 'Van der Berg', 'Anneke'],
    ['zoe ngata', 'Ngata', 'Zoë'],
    ['ngata zo', 'Ngata', 'Zoë'],
    ['ngata,  zoë', 'Ngata', 'Zoë'],
    ['  Émond ', 'Emond', 'Luc'],
    ['anneke van der b', 'Van der Berg', 'Anneke']
  ])('%j finds %s, %s', (search, family, given) => {
    expect(finds(search, family, given)).toBe(true)
  })

  it.each([
    ['zoe smith', 'Smith', 'Zoë Anne'],
    ['berg', 'Van der Berg', 'Anneke'],
    ['%', 'Smith', 'Zoë'],
    ['ngata, liam', 'Ngata', 'Zoë']
  ])('%j does not find %s, %s', (search, family, given) => {
    expect(finds(search, family, given)).toBe(false)
  })

  it('makes nothing to search of blanks and apostrophes, and tries at most four breaks', () => {
    expect(nameSearchPrefixes('  \'’ ')).toEqual([])
    expect(nameSearchPrefixes('a b c d e f')).toHaveLength(5)
  })
})

describe('compareByName', () => {
  const person = (id: string, family: string, given: string) => ({ id, nameKey: nameSortKey(family, given) })

  it('orders by name key code unit by code unit, as the directory\'s index does, then by id', () => {
    const people = [
      person('4', 'Smithe', 'Adam'), person('3', 'Smith', 'Zoe'), person('2', 'smith', 'zoe'), person('1', 'Øberg', 'Ann'), person('0', 'Pace', 'Bo')
    ]
    expect([...people].sort(compareByName).map(row => row.id)).toEqual(['0', '2', '3', '4', '1'])
  })

  it('turns a key given names first, the second of the search keys', () => {
    const key = nameSortKey('O\'Connor', 'Liam')
    expect(givenFirstKey(key)).toBe('liam\u0001o\'connor')
    expect(nameSearchKeys(key)).toEqual(['oconnor\u0001liam', 'liam\u0001oconnor'])
  })
})
