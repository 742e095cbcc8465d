let clockOffsetMs = 0

/**
 * Shifts the service's "now" (tests only, set once at start-up): a test can stand the server on
 * either side of a school's local midnight without waiting for one.
 */
export function setClockOffset(milliseconds: number) {
  clockOffsetMs = milliseconds
}

/** The service's idea of "now". */
export function currentTime(): Date {
  return new Date(Date.now() + clockOffsetMs)
}

/** Timestamps are ISO 8601 UTC with milliseconds and `Z`. */
export function timestampNow(): string {
  return currentTime().toISOString()
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in an IANA time zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant)
}

/** Today in the school's own time zone, never in UTC. */
export function todayInZone(timeZone: string): string {
  return dayInZone(currentTime(), timeZone)
}
