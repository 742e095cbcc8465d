import { afterEach, describe, expect, it } from 'vitest'
import {
  dayAt, formatClockTime, formatCount, formatDay, formatInstant, formatMoney, formatShare, instantOfWallTime, wallTime
} from '../../../shared/school-time'

/** A 09:30 tour in Sydney on Tuesday 1 December 2026 (AEDT, UTC+11). */
const tour = '2026-11-30T22:30:00.000Z'
const sydney = 'Australia/Sydney'
const newYork = 'America/New_York'

describe('an instant on the school\'s wall clock', () => {
  it('is written in the school\'s zone, whichever zone reads it', () => {
    expect(formatInstant(tour, { locale: 'en', timeZone: sydney }, 'appointment')).toBe('Tue, Dec 1, 2026, 9:30 AM GMT+11')
    expect(formatInstant(tour, { locale: 'en', timeZone: newYork }, 'appointment')).toBe('Mon, Nov 30, 2026, 5:30 PM EST')
    expect(formatInstant(tour, { locale: 'en', timeZone: 'UTC' }, 'appointment')).toBe('Mon, Nov 30, 2026, 10:30 PM UTC')
  })

  it('has a style for a list, a day and a deadline', () => {
    const clock = { locale: 'en', timeZone: sydney }
    expect(formatInstant('2026-11-27T21:18:00Z', clock)).toBe('Nov 28, 2026, 8:18 AM')
    expect(formatInstant('2026-11-27T21:18:00Z', clock, 'date')).toBe('Nov 28, 2026')
    expect(formatInstant('2026-11-27T21:18:00Z', clock, 'time')).toBe('8:18 AM')
    expect(formatInstant('2026-11-27T21:18:00Z', clock, 'dateTimeZone')).toBe('Nov 28, 2026, 8:18 AM GMT+11')
    expect(formatInstant(new Date('2026-06-01T00:00:00Z'), clock, 'dateTimeZone')).toBe('Jun 1, 2026, 10:00 AM GMT+10')
  })

  it('gives back what it cannot read', () => {
    expect(formatInstant('not a time', { locale: 'en', timeZone: sydney })).toBe('not a time')
  })

  it('writes Latin digits for Arabic with the nu-latn extension', () => {
    const written = formatInstant(tour, { locale: 'ar-u-nu-latn', timeZone: sydney }, 'appointment')
    expect(written).toMatch(/9:30/)
    expect(written).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/)
    expect(formatCount(12345, 'ar-u-nu-latn')).not.toMatch(/[\u0660-\u0669]/)
  })

  it('knows the school\'s calendar day of an instant', () => {
    expect(dayAt(tour, sydney)).toBe('2026-12-01')
    expect(dayAt(tour, newYork)).toBe('2026-11-30')
    expect(dayAt(tour, 'UTC')).toBe('2026-11-30')
  })
})

describe('a day is never shifted by a zone', () => {
  const zoneBefore = process.env.TZ
  afterEach(() => {
    process.env.TZ = zoneBefore
  })

  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC', sydney, newYork])('reads 1 December 2026 as that day with the process in %s', (zone) => {
    process.env.TZ = zone
    expect(formatDay('2026-12-01', 'en')).toBe('Dec 1, 2026')
    expect(formatDay('2026-12-01', 'en', 'long')).toBe('December 1, 2026')
    expect(formatDay('2026-12-01', 'en', 'weekday')).toBe('Tue, Dec 1, 2026')
    expect(formatDay('2027-01-01', 'ar-u-nu-latn')).not.toMatch(/[\u0660-\u0669]/)
    expect(formatClockTime('09:30', 'en')).toMatch(/^9:30\sAM$/)
    expect(formatClockTime('13:05', 'es')).toBe('13:05')
  })

  it('gives back what is not a day', () => {
    expect(formatDay('2026-13-01', 'en')).toBe('2026-13-01')
    expect(formatDay('soon', 'en')).toBe('soon')
    expect(formatClockTime('9:30', 'en')).toBe('9:30')
  })
})

describe('the school\'s wall clock and the instant it names', () => {
  it.each([
    ['2026-12-01T09:30', sydney, '2026-11-30T22:30:00.000Z'],
    ['2026-07-01T09:30', sydney, '2026-06-30T23:30:00.000Z'],
    ['2026-12-01T09:30', newYork, '2026-12-01T14:30:00.000Z'],
    ['2026-07-01T09:30', newYork, '2026-07-01T13:30:00.000Z'],
    ['2026-12-01T09:30', 'UTC', '2026-12-01T09:30:00.000Z']
  ])('%s in %s is %s, and back', (wall, zone, instant) => {
    expect(instantOfWallTime(wall, zone)).toBe(instant)
    expect(wallTime(instant, zone)).toBe(wall)
  })

  it.each([
    // Sydney's clocks go from 02:00 to 03:00 on 4 October 2026: 02:30 is read as 03:30 AEDT.
    ['2026-10-04T02:30', sydney, '2026-10-03T16:30:00.000Z'],
    // ... and back from 03:00 to 02:00 on 5 April 2026: 02:30 happens twice, the first (AEDT) is taken.
    ['2026-04-05T02:30', sydney, '2026-04-04T15:30:00.000Z'],
    ['2026-04-05T03:30', sydney, '2026-04-04T17:30:00.000Z'],
    // New York: 02:30 is skipped on 8 March 2026, 01:30 happens twice on 1 November 2026.
    ['2026-03-08T02:30', newYork, '2026-03-08T07:30:00.000Z'],
    ['2026-11-01T01:30', newYork, '2026-11-01T05:30:00.000Z'],
    ['2026-11-01T03:00', newYork, '2026-11-01T08:00:00.000Z']
  ])('across a clock change, %s in %s is %s', (wall, zone, instant) => {
    expect(instantOfWallTime(wall, zone)).toBe(instant)
  })

  it('refuses what is not a wall time', () => {
    expect(instantOfWallTime('2026-02-30T09:30', sydney)).toBeNull()
    expect(instantOfWallTime('2026-12-01 09:30', sydney)).toBeNull()
    expect(instantOfWallTime('', sydney)).toBeNull()
  })
})

describe('counts, money and shares in the reader\'s locale', () => {
  it('writes counts', () => {
    expect(formatCount(12345, 'en')).toBe('12,345')
    expect(formatCount(12345, 'es')).toBe('12.345')
  })

  it('writes whole minor units in the currency, exactly', () => {
    expect(formatMoney(400_001, 'AUD', 'en-AU')).toBe('$4,000.01')
    expect(formatMoney(400_001, 'AUD', 'en')).toBe('A$4,000.01')
    expect(formatMoney(999_999_999, 'NZD', 'en-NZ')).toBe('$9,999,999.99')
    expect(formatMoney(1234, 'JPY', 'en')).toBe('¥1,234')
    expect(formatMoney(-150, 'AUD', 'en-AU')).toBe('-$1.50')
  })

  it('writes basis points as a per cent', () => {
    expect(formatShare(1250, 'en')).toBe('12.5%')
    expect(formatShare(5000, 'en')).toBe('50%')
    expect(formatShare(3333, 'en')).toBe('33.33%')
    expect(formatShare(10_000, 'en')).toBe('100%')
    expect(formatShare(1, 'en')).toBe('0.01%')
    expect(formatShare(1250, 'ar-u-nu-latn')).not.toMatch(/[\u0660-\u0669]/)
  })
})
