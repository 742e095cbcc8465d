import { describe, expect, it } from 'vitest'
import { modeFor, textNumberOf } from '../../../../../server/domain/notifications/notification-choices'

describe('the number texts go to (notification-choices.ts)', () => {
  it.each([
    ['+61412345678', '+61412345678'],
    ['+61 412 345 678', '+61412345678'],
    [' +1 (415) 555-0100 ', '+14155550100'],
    ['+44.7700.900123', '+447700900123'],
    ['0412 345 678', null],
    ['+0412345678', null],
    ['+61 412 345 678 ext 2', null],
    ['', null],
    [null, null]
  ])('reads %j as %j', (phone, number) => {
    expect(textNumberOf(phone)).toBe(number)
  })
})

describe('the mode that holds for a kind on a channel (notification-choices.ts)', () => {
  const both = { email: 'a@example.org', textNumber: '+61412345678', pushDevices: 1 }
  const textsOnly = { email: null, textNumber: '+61412345678', pushDevices: 0 }
  it('sends email and push at once by default, texts only to an adult with no email', () => {
    expect([modeFor(undefined, 'email', both, true), modeFor(undefined, 'push', both, true), modeFor(undefined, 'sms', both, true)])
      .toEqual(['instant', 'instant', 'off'])
    expect(modeFor(undefined, 'sms', textsOnly, false)).toBe('instant')
  })
  it('keeps a family\'s choice, reading "off" as the digest where the school does not let families turn the kind off', () => {
    expect(modeFor('digest', 'email', both, true)).toBe('digest')
    expect(modeFor('off', 'email', both, true)).toBe('off')
    expect(modeFor('off', 'email', both, false)).toBe('digest')
  })
})
