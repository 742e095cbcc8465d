import { describe, expect, it } from 'vitest'
import { isAlumnusAsAt, lastStudentSpanAsAt, leavingTimes, type StudentSpan } from '../../../../../server/domain/alumni/alumni-rule'

const span = (validFrom: string, validTo: string | null, yearLevel: string | null = '12'): StudentSpan => ({ validFrom, validTo, yearLevel })
const anyFormer = { alumniRule: 'any_former_student', finalYearLevel: '12' } as const
const completed = { alumniRule: 'completed_final_year', finalYearLevel: '12' } as const

describe('who is an alumnus on a day', () => {
  const leftEndOf2024 = [span('2019-01-28', '2024-12-06')]
  const leftInYear10 = [span('2019-01-28', '2022-06-30', '10')]
  const cameBack = [span('2018-01-28', '2021-06-30', '9'), span('2023-01-30', null, '11')]
  const cameBackAndFinished = [span('2018-01-28', '2021-06-30', '9'), span('2023-01-30', '2024-12-06', '12')]
  const startsNextYear = [span('2027-01-28', null, 'K')]

  it.each([
    ['left before the day', leftEndOf2024, '2025-03-01', anyFormer, true],
    ['on their last day, still on the roll', leftEndOf2024, '2024-12-06', anyFormer, false],
    ['the day after their last day', leftEndOf2024, '2024-12-07', anyFormer, true],
    ['as at a day before they left', leftEndOf2024, '2023-05-01', anyFormer, false],
    ['left in year 10, any former student', leftInYear10, '2025-03-01', anyFormer, true],
    ['left in year 10, completed final year only', leftInYear10, '2025-03-01', completed, false],
    ['finished year 12, completed final year only', leftEndOf2024, '2025-03-01', completed, true],
    ['came back and is on the roll', cameBack, '2025-03-01', anyFormer, false],
    ['came back, as at a day while away', cameBack, '2022-03-01', anyFormer, true],
    ['came back, as at a day while away, completed only', cameBack, '2022-03-01', completed, false],
    ['came back and finished year 12', cameBackAndFinished, '2025-03-01', completed, true],
    ['never started yet', startsNextYear, '2026-11-22', anyFormer, false],
    ['no student span at all', [], '2026-11-22', anyFormer, false]
  ])('%s', (_, spans, asAt, lists, expected) => {
    expect(isAlumnusAsAt(spans, asAt, lists)).toBe(expected)
  })

  it('takes the last span they left, ignoring spans not begun by the day', () => {
    const spans = [span('2015-01-28', '2018-12-07', '8'), span('2020-01-28', '2023-12-08', '12'), span('2027-01-28', null, '12')]
    expect(lastStudentSpanAsAt(spans, '2026-01-01')?.validTo).toBe('2023-12-08')
    expect(lastStudentSpanAsAt(spans, '2019-06-01')?.validTo).toBe('2018-12-07')
  })
})

describe('leftAt and exitYear in the school\'s zone', () => {
  it.each([
    ['2026-01-01', 'Australia/Sydney', '2025-12-31T13:00:00.000Z', 2026],
    ['2025-12-31', 'Australia/Sydney', '2025-12-30T13:00:00.000Z', 2025],
    ['2025-12-31', 'America/Los_Angeles', '2025-12-31T08:00:00.000Z', 2025],
    ['2026-01-01', 'America/Los_Angeles', '2026-01-01T08:00:00.000Z', 2026],
    ['2026-01-01', 'Pacific/Auckland', '2025-12-31T11:00:00.000Z', 2026],
    ['2025-12-05', 'Europe/London', '2025-12-05T00:00:00.000Z', 2025]
  ])('last day %s in %s: leftAt %s, exitYear %i', (lastDay, zone, leftAt, exitYear) => {
    expect(leavingTimes(lastDay, zone)).toEqual({ leftAt, exitYear })
  })
})
