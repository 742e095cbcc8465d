import type { SchoolLists } from '../../../db/schema'
import { startOfDayInZone, type Span } from '../days/calendar'
import { isInForceOn } from '../days/in-force'

export type AlumniRule = SchoolLists['alumniRule']

export interface StudentSpan extends Span {
  yearLevel: string | null
}

/**
 * The student span a former student last left, as at a day: spans that begin after the day do not
 * count yet, and anyone with a span in force that day is on the roll, so not a former student.
 */
export function lastStudentSpanAsAt<S extends StudentSpan>(spans: readonly S[], asAt: string): S | null {
  const begun = spans.filter(span => span.validFrom <= asAt)
  if (begun.length === 0 || begun.some(span => isInForceOn(span, asAt))) return null
  return begun.reduce((last, span) => span.validTo! > last.validTo! ? span : last)
}

/**
 * Whether someone with these student spans counts as an alumnus on the day under the school's rule.
 * Completing the final year means the span they last left was at the school's final year level.
 * The alumni roll's SQL (alumni-roll.ts) answers the same for a whole school at once; the tests
 * hold the two to the same answers.
 */
export function isAlumnusAsAt(spans: readonly StudentSpan[], asAt: string, lists: Pick<SchoolLists, 'alumniRule' | 'finalYearLevel'>): boolean {
  const last = lastStudentSpanAsAt(spans, asAt)
  if (!last) return false
  return lists.alumniRule === 'any_former_student' || last.yearLevel === lists.finalYearLevel
}

/** `leftAt` is 00:00 in the school's zone on the last day on the roll, in UTC; `exitYear` is that day's year. */
export function leavingTimes(lastDay: string, timeZone: string) {
  return { leftAt: startOfDayInZone(lastDay, timeZone).toISOString(), exitYear: Number(lastDay.slice(0, 4)) }
}
