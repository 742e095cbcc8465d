import { describe, expect, it } from 'vitest'
import {
  addCalendarMonths, addSchoolDays, daysLeft, isSchoolDay, requestDeadline, type TermDays
} from '../../../../../server/domain/subject-access/deadline'

/* The clock of a subject access request: a calendar month as the ICO counts it, and 15 school days over weekends and holidays. */
describe('the subject access clock', () => {
  it.each([
    ['2026-03-03', 1, '2026-04-03', 'the same date next month'],
    ['2026-01-31', 1, '2026-02-28', 'the last day of a short month'],
    ['2028-01-31', 1, '2028-02-29', 'the last day of February in a leap year'],
    ['2026-03-31', 1, '2026-04-30', 'the last day of a 30-day month'],
    ['2026-12-15', 1, '2027-01-15', 'into the next year'],
    ['2026-11-30', 3, '2027-02-28', 'three months, extended by two, into a short February'],
    ['2026-01-31', 3, '2026-04-30', 'three months from the 31st']
  ])('%s + %i month(s) is %s (%s)', (day, months, expected) => {
    expect(addCalendarMonths(day, months)).toBe(expected)
  })

  it('counts weekdays as school days when the school recorded no term', () => {
    expect(isSchoolDay('2026-11-27', [])).toBe(true)
    expect(isSchoolDay('2026-11-28', [])).toBe(false)
    expect(isSchoolDay('2026-11-29', [])).toBe(false)
  })

  it('counts 15 school days across weekends, the day of receipt not counted', () => {
    // Friday 27 November 2026: three weeks of weekdays later is Friday 18 December.
    expect(addSchoolDays('2026-11-27', 15, [])).toBe('2026-12-18')
    // Received on a Saturday: the count starts on Monday.
    expect(addSchoolDays('2026-11-28', 15, [])).toBe('2026-12-18')
  })

  it('skips a holiday between terms, and counts weekdays past the last recorded term', () => {
    const terms: TermDays[] = [{ startsOn: '2026-09-01', endsOn: '2026-12-11' }, { startsOn: '2027-01-05', endsOn: '2027-03-26' }]
    expect(isSchoolDay('2026-12-14', terms)).toBe(false)
    expect(isSchoolDay('2027-01-05', terms)).toBe(true)
    // Ten school days from 30 November to 11 December, then five from Tuesday 5 January.
    expect(addSchoolDays('2026-11-27', 15, terms)).toBe('2027-01-11')
    expect(isSchoolDay('2027-04-01', terms)).toBe(true)
  })

  it('gives the deadline by the request\'s rule, with any extension on the month\'s', () => {
    expect(requestDeadline({ receivedOn: '2026-01-31', deadlineRule: 'one_month', extensionMonths: 0 }, [])).toBe('2026-02-28')
    expect(requestDeadline({ receivedOn: '2026-01-31', deadlineRule: 'one_month', extensionMonths: 2 }, [])).toBe('2026-04-30')
    expect(requestDeadline({ receivedOn: '2026-11-27', deadlineRule: 'fifteen_school_days', extensionMonths: 0 }, [])).toBe('2026-12-18')
  })

  it('counts the days left, zero on the day and negative once passed', () => {
    expect(daysLeft('2026-12-18', '2026-12-11')).toBe(7)
    expect(daysLeft('2026-12-18', '2026-12-18')).toBe(0)
    expect(daysLeft('2026-03-01', '2026-03-03')).toBe(-2)
  })
})
