import { describe, expect, it } from 'vitest'
import { shareTotalProblems, shareTotalSentence } from '../../../../../server/domain/billing/share-totals'

const open = (category: string, share: number) => ({ category, share, validTo: null })
const closed = (category: string, share: number) => ({ category, share, validTo: '2025-12-31' })

describe('open shares of each category total 10000', () => {
  it.each([
    ['one payer pays all', [open('all', 10000)], []],
    ['two payers halve it', [open('all', 5000), open('all', 5000)], []],
    ['a category split 70/30 beside all', [open('all', 10000), open('tuition', 7000), open('tuition', 3000)], []],
    ['no rows at all', [], []],
    ['only closed rows: the category falls back to all', [closed('tuition', 6000), open('all', 10000)], []],
    ['closed rows do not count towards the total', [closed('all', 10000), open('all', 10000)], []],
    ['short of 10000', [open('tuition', 7000)], [{ category: 'tuition', total: 7000 }]],
    ['over 10000', [open('all', 6000), open('all', 6000)], [{ category: 'all', total: 12000 }]],
    ['several categories wrong, named in order', [open('uniform', 1), open('excursions', 9999), open('all', 10000)],
      [{ category: 'excursions', total: 9999 }, { category: 'uniform', total: 1 }]]
  ])('%s', (_, rows, expected) => {
    expect(shareTotalProblems(rows)).toEqual(expected)
  })

  it('names the category and the total in the refusal', () => {
    expect(shareTotalSentence({ category: 'tuition', total: 7000 })).toBe('The open shares of category "tuition" would total 7000; they must total 10000.')
  })
})
