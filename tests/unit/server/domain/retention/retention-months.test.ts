import { describe, expect, it } from 'vitest'
import { addMonthsToDay, dueBefore, periodPassed } from '../../../../../server/domain/retention/retention-months'

describe('retention periods in whole months', () => {
  it.each<[string, number, string]>([
    ['2020-01-15', 12, '2021-01-15'],
    ['2020-02-29', 12, '2021-02-28'],
    ['2021-01-31', 1, '2021-02-28'],
    ['1990-03-01', 300, '2015-03-01'],
    ['2026-11-29', -13, '2025-10-29'],
    ['2026-03-31', -1, '2026-02-28']
  ])('%s + %i months is %s', (day, months, expected) => {
    expect(addMonthsToDay(day, months)).toBe(expected)
  })

  it('has passed once its last day has come', () => {
    expect(periodPassed('2020-01-15', 12, '2021-01-14')).toBe(false)
    expect(periodPassed('2020-01-15', 12, '2021-01-15')).toBe(true)
  })

  it('counts a record due when its trigger falls before the first day not yet due', () => {
    const before = dueBefore('2026-11-29', 13)
    expect(before).toBe('2025-10-30')
    expect(periodPassed('2025-10-29', 13, '2026-11-29')).toBe(true)
    expect(periodPassed('2025-10-30', 13, '2026-11-29')).toBe(false)
  })
})
