import { describe, expect, it } from 'vitest'
import { majorText, parseMoney } from '../../../shared/money'

describe('amounts in minor units, read and written without floats', () => {
  it.each([
    [400_001, 'AUD', '4000.01'], [5, 'AUD', '0.05'], [0, 'NZD', '0.00'], [1234, 'JPY', '1234'], [1234, 'KWD', '1.234'], [-150, 'AUD', '-1.50']
  ])('%i %s is %s', (amount, currency, text) => {
    expect(majorText(amount, currency)).toBe(text)
  })

  it.each([
    ['4000.01', 'AUD', 400_001], ['4,000', 'AUD', 400_000], ['0.1', 'AUD', 10], ['12', 'JPY', 12], ['0.29', 'AUD', 29],
    ['4000.011', 'AUD', null], ['-1', 'AUD', null], ['abc', 'AUD', null], ['1.5', 'JPY', null], ['', 'AUD', null]
  ])('reads "%s" %s as %s', (text, currency, amount) => {
    expect(parseMoney(text, currency)).toBe(amount)
  })
})
