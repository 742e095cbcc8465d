import { isDay } from '../../../shared/calendar-day'
import { domainError, validationFailed } from './domain-error'
import type { Span } from './days'

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
