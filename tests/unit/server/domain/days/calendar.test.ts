import { describe, expect, it } from 'vitest'
import { addDays, isDay, spansOverlap, startOfDayInZone } from '../../../../../server/domain/days/calendar'

describe('days', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['20260101', false]
  ])('%s is a day: %s', (value, expected) => {
    expect(isDay(value)).toBe(expected)
  })

  it.each([
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-29', 1, '2026-03-30']
  ])('%s plus %i days is %s', (day, count, expected) => {
    expect(addDays(day, count)).toBe(expected)
  })
})

describe('spans', () => {
  it.each([
    [['2026-01-01', '2026-06-30'], ['2026-06-30', null], true],
    [['2026-01-01', '2026-06-30'], ['2026-07-01', null], false],
    [['2026-01-01', null], ['2020-01-01', '2025-12-31'], false],
    [['2026-01-01', null], ['2030-01-01', null], true]
  ] as const)('%j and %j overlap: %s', (a, b, expected) => {
    const span = ([validFrom, validTo]: readonly [string, string | null]) => ({ validFrom, validTo })
    expect(spansOverlap(span(a), span(b))).toBe(expected)
    expect(spansOverlap(span(b), span(a))).toBe(expected)
  })
})

describe('the first instant of a day in a zone', () => {
  it.each([
    ['2026-01-01', 'Australia/Sydney', '2025-12-31T13:00:00.000Z'],
    ['2025-12-31', 'Australia/Sydney', '2025-12-30T13:00:00.000Z'],
    ['2026-07-01', 'Australia/Sydney', '2026-06-30T14:00:00.000Z'],
    ['2026-04-05', 'Australia/Sydney', '2026-04-04T13:00:00.000Z'],
    ['2026-10-04', 'Australia/Sydney', '2026-10-03T14:00:00.000Z'],
    ['2026-01-01', 'Pacific/Auckland', '2025-12-31T11:00:00.000Z'],
    ['2026-01-01', 'America/Los_Angeles', '2026-01-01T08:00:00.000Z'],
    ['2026-03-08', 'America/Los_Angeles', '2026-03-08T08:00:00.000Z'],
    ['2026-03-09', 'America/Los_Angeles', '2026-03-09T07:00:00.000Z'],
    ['2026-06-01', 'Asia/Kathmandu', '2026-05-31T18:15:00.000Z'],
    ['2026-06-01', 'UTC', '2026-06-01T00:00:00.000Z'],
    // Chile moves its clocks from 00:00 to 01:00: the day begins at 01:00 local.
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
    ['2026-09-07', 'America/Santiago', '2026-09-07T03:00:00.000Z']
  ])('%s in %s begins at %s', (day, zone, expected) => {
    const start = startOfDayInZone(day, zone)
    expect(start.toISOString()).toBe(expected)
    const local = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at)
    expect(local(start)).toBe(day)
    expect(local(new Date(start.getTime() - 1))).toBe(addDays(day, -1))
  })
})
