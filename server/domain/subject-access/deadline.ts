import type { SubjectAccessDeadlineRule } from '../../../shared/vocabulary'
import { addDays } from '../days/calendar'

/*
 * The clock of a subject access request (docs/retention.md, "The clock"), as pure functions of days (`YYYY-MM-DD`, the
 * school's own): no instant and no time zone enters, so a deadline never moves with the server's clock or zone.
 */

/** The most a deadline of a month may be extended by, in months, with a reason: UK GDPR Art. 12(3). */
export const mostExtensionMonths = 2

/** How many school days the educational record's rule gives (Education (Pupil Information) (England) Regulations 2005, reg. 5). */
export const educationalRecordSchoolDays = 15

/** A term of the school's calendar, both days inclusive (academic_sessions of kind `term`). */
export interface TermDays { startsOn: string, endsOn: string }

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/**
 * The day `months` calendar months after `day`: the same date in that month, or the month's last day where it has no such
 * date (31 January + 1 month = 28 or 29 February), as the ICO reads Art. 12(3)'s "one month".
 */
export function addCalendarMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const index = year * 12 + (month - 1) + months
  const [toYear, toMonth] = [Math.floor(index / 12), (index % 12) + 1]
  const toDate = Math.min(date, daysInMonth(toYear, toMonth))
  return `${String(toYear).padStart(4, '0')}-${String(toMonth).padStart(2, '0')}-${String(toDate).padStart(2, '0')}`
}

/**
 * Whether `day` is a school day: a weekday (Monday to Friday) within one of the school's terms. A school that recorded no
 * term has every weekday as a school day, and so do days after its last recorded term ends (its calendar is not known
 * that far yet): the clock then runs no slower than the calendar would make it.
 */
export function isSchoolDay(day: string, terms: readonly TermDays[]): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  if (weekday === 0 || weekday === 6) return false
  if (!terms.length) return true
  if (terms.every(term => term.endsOn < day)) return true
  return terms.some(term => term.startsOn <= day && day <= term.endsOn)
}

/** The `count`th school day after `day` (the day of receipt itself not counted). */
export function addSchoolDays(day: string, count: number, terms: readonly TermDays[]): string {
  let current = day
  for (let found = 0; found < count;) {
    current = addDays(current, 1)
    if (isSchoolDay(current, terms)) found++
  }
  return current
}

/** The last day to answer: a calendar month (plus any extension) from receipt, or 15 school days for the educational record. */
export function requestDeadline(
  request: { receivedOn: string, deadlineRule: SubjectAccessDeadlineRule, extensionMonths: number }, terms: readonly TermDays[]
): string {
  return request.deadlineRule === 'fifteen_school_days'
    ? addSchoolDays(request.receivedOn, educationalRecordSchoolDays, terms)
    : addCalendarMonths(request.receivedOn, 1 + request.extensionMonths)
}

/** Whole days from `today` to `deadline`: 0 on the day itself, negative once it has passed. */
export function daysLeft(deadline: string, today: string): number {
  return Math.round((Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
}
