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

/**
 * One formatter per time zone, made once: each `Intl.DateTimeFormat` holds ICU's native memory, which V8
 * frees only when it collects the small wrapper. Made afresh for every "today" (kept answers' keys,
 * standing, receipts), they grew the server's RSS by 300 MB in eight seconds of a thousand requests a
 * second, with the V8 heap at 32 MB (docs/performance.md, "Memory under load"). A school's zone is one
 * of a few hundred IANA names, so the map stays small.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** The calendar day (`YYYY-MM-DD`) an instant falls on in an IANA time zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    if (dayFormats.size < 1000) dayFormats.set(timeZone, format)
  }
  return format.format(instant)
}

/** Today in the school's own time zone, never in UTC. */
export function todayInZone(timeZone: string): string {
  return dayInZone(currentTime(), timeZone)
}
