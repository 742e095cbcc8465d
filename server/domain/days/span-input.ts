import { isDay } from '../../../shared/calendar-day'
import { todayInZone } from './clock'
import type { SchoolRef } from '../shared/school-ref'
import { domainError, validationFailed } from '../shared/domain-error'
import type { Span } from './calendar'

/**
 * Checks a span given to a write: real days, and an end no earlier than the start. Screens validate
 * the same with zod first; this keeps the CLI, tasks and tests to the same rule.
 */
export function checkSpanInput(span: Span, path = ''): void {
  const at = (field: string) => path ? `${path}.${field}` : field
  const problems = [
    ...(isDay(span.validFrom) ? [] : [{ path: at('validFrom'), message: 'Use a day as YYYY-MM-DD.' }]),
    ...(span.validTo === null || isDay(span.validTo) ? [] : [{ path: at('validTo'), message: 'Use a day as YYYY-MM-DD.' }])
  ]
  if (problems.length) throw validationFailed(problems)
  if (span.validTo !== null && span.validTo < span.validFrom) {
    throw domainError('unprocessable', [`A span cannot end (${span.validTo}) before it starts (${span.validFrom}).`])
  }
}

/** Checks the last day given when a span is closed: a real day, not before the span starts. */
export function checkLastDay(span: Pick<Span, 'validFrom'>, lastDay: string): void {
  if (!isDay(lastDay)) throw validationFailed([{ path: 'lastDay', message: 'Use a day as YYYY-MM-DD.' }])
  if (lastDay < span.validFrom) throw domainError('unprocessable', [`A span that starts on ${span.validFrom} cannot end on ${lastDay}.`])
}

/** The same day of the year a year on (28 February for 29 February). */
function aYearAfter(day: string): string {
  const next = `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`
  return isDay(next) ? next : `${next.slice(0, 8)}28`
}

/**
 * Refuses a start, withdrawal or leaving day more than a year after today in the school's zone
 * (`unprocessable`): a typo for a year (2062 for 2026) would otherwise keep a child on the roll, or
 * off it, for decades, and nothing a school records happens that far ahead.
 */
export function checkWithinAYear(school: SchoolRef, day: string, what: string): void {
  const latest = aYearAfter(todayInZone(school.timeZone))
  if (day > latest) throw domainError('unprocessable', [`The ${what} (${day}) is more than a year ahead; it may be at most ${latest}.`])
}
