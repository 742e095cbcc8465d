import { describe, expect, it } from 'vitest'
import { dueNight } from '../../../../../server/domain/exports/nightly'

describe('the night a school is due', () => {
  it.each([
    // Sydney is UTC+11 in November: 02:00 there is 15:00 UTC the day before.
    ['2026-11-23T14:59:00.000Z', 'Australia/Sydney', '2026-11-23'],
    ['2026-11-23T15:00:00.000Z', 'Australia/Sydney', '2026-11-24'],
    // Paris is UTC+1: 02:00 there is 01:00 UTC.
    ['2026-11-24T00:59:00.000Z', 'Europe/Paris', '2026-11-23'],
    ['2026-11-24T01:00:00.000Z', 'Europe/Paris', '2026-11-24'],
    ['2026-11-24T23:59:00.000Z', 'UTC', '2026-11-24'],
    // New York's spring-forward night has no 02:00; 03:00 is past it.
    ['2026-03-08T07:00:00.000Z', 'America/New_York', '2026-03-08'],
    ['2026-03-08T06:30:00.000Z', 'America/New_York', '2026-03-07']
  ])('at %s in %s it is %s', (now, zone, night) => {
    expect(dueNight(new Date(now), zone)).toBe(night)
  })
})
