import { describe, expect, it } from 'vitest'
import { nameSortKey } from '../../../server/domain/people/name-key'

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
