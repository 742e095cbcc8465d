import { describe, expect, it } from 'vitest'
import { e164Schema, isE164 } from '../../../../../../server/domain/notifications/texts/e164'

describe('E.164 phone numbers', () => {
  it.each([
    ['+61412345678', '+61412345678'],
    [' +447700900123 ', '+447700900123'],
    ['+1234567', '+1234567'],
    ['+123456789012345', '+123456789012345']
  ])('takes %j as %s', (given, number) => {
    expect(e164Schema.parse(given)).toBe(number)
  })

  it.each([
    ['0412345678', 'no plus'],
    ['+0412345678', 'a country code cannot start with 0'],
    ['+61 412 345 678', 'spaces inside'],
    ['+61-412-345-678', 'dashes'],
    ['+123456', 'too short'],
    ['+1234567890123456', 'too long'],
    ['+61412345678\n', 'a line break at the end'],
    ['\u200e+61412345678', 'an invisible mark'],
    ['', 'empty']
  ])('refuses %j (%s), saying what form is expected', (given) => {
    const result = e164Schema.safeParse(given)
    expect(result.success).toBe(false)
    expect(result.error?.issues).toHaveLength(1)
    expect(result.error?.issues[0]?.message).toContain('international form')
  })

  it('isE164 takes the exact form only', () => {
    expect(isE164('+61412345678')).toBe(true)
    expect(isE164(' +61412345678')).toBe(false)
    expect(isE164('61412345678')).toBe(false)
  })
})
