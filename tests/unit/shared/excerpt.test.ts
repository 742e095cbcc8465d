import { describe, expect, it } from 'vitest'
import { excerpt } from '../../../shared/excerpt'

describe('excerpt of a value quoted back in a refusal', () => {
  it.each([
    ['', ''],
    ['website', 'website'],
    ['x'.repeat(40), 'x'.repeat(40)],
    ['x'.repeat(41), `${'x'.repeat(40)}…`],
    ['x'.repeat(1_000_000), `${'x'.repeat(40)}…`]
  ])('%#: keeps short values whole and cuts long ones at 40 characters', (value, expected) => {
    expect(excerpt(value)).toBe(expected)
  })

  it('never cuts a surrogate pair in half', () => {
    expect(excerpt(`${'x'.repeat(39)}😀${'y'.repeat(10)}`)).toBe(`${'x'.repeat(39)}…`)
  })
})
