import { addDays } from '../days/calendar'

/**
 * Month arithmetic for retention periods, on days (`YYYY-MM-DD`) with no time zone: a period of whole months from a day
 * ends on the same day of the month, or the month's last day where it has none (29 February + 12 months is 28 February).
 */
export function addMonthsToDay(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const index = year * 12 + (month - 1) + months
  const lastDay = new Date(Date.UTC(Math.floor(index / 12), index % 12 + 1, 0)).getUTCDate()
  const next = new Date(Date.UTC(Math.floor(index / 12), index % 12, Math.min(date, lastDay)))
  return next.toISOString().slice(0, 10)
}

/** Whether a period of `months` from `from` has ended by `today`: its last day has passed. */
export function periodPassed(from: string, months: number, today: string): boolean {
  return addMonthsToDay(from, months) <= today
}

/** Days the office sees a record in the due list before it may go (issue 42: "for 14 days before erasure"). */
export const retentionWindowDays = 14

/** The first day whose records are not yet due under a period of `months`: a record whose trigger is before it has passed its period by `today`. */
export const dueBefore = (today: string, months: number) => addDays(addMonthsToDay(today, -months), 1)
