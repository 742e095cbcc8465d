/**
 * Days and spans. A day is `YYYY-MM-DD` in the school's own zone; a span runs from `validFrom` to
 * `validTo`, both inclusive, and is open while `validTo` is null (DECISIONS). Days compare as strings.
 */

export interface Span {
  validFrom: string
  validTo: string | null
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/

/** Whether a string is a real calendar day written `YYYY-MM-DD`. */
export function isDay(value: string): boolean {
  if (!dayPattern.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

/** The day `count` days after `day` (before, when negative); calendar arithmetic, no time zone involved. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + count)
  return date.toISOString().slice(0, 10)
}

/** Whether the span is in force on the day. */
export function spanInForce(span: Span, day: string): boolean {
  return span.validFrom <= day && (span.validTo === null || span.validTo >= day)
}

/** Whether two spans share at least one day. */
export function spansOverlap(a: Span, b: Span): boolean {
  return (a.validTo === null || b.validFrom <= a.validTo) && (b.validTo === null || a.validFrom <= b.validTo)
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>()

/** Milliseconds the zone's wall clock is ahead of UTC at an instant. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  let format = zoneFormatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric'
    })
    zoneFormatters.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map(part => [part.type, Number(part.value)]))
  const wallClock = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
  return wallClock - Math.floor(instant / 1000) * 1000
}

/**
 * The first instant of a day in a zone: 00:00 local, or, where a clock change skips midnight
 * (America/Santiago in September), the first minute the day has.
 */
export function startOfDayInZone(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`)
  // The offset at the guess can differ from the offset at the answer across a change; two rounds settle it.
  let instant = midnightUtc - zoneOffsetMs(midnightUtc, timeZone)
  instant = midnightUtc - zoneOffsetMs(instant, timeZone)
  const local = (at: number) => new Date(at + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 10)
  // Midnight skipped: the computed instant falls on the day before; the day begins when the clock jumps.
  if (local(instant) < day) {
    let low = instant
    let high = instant + 3 * 3_600_000
    while (high - low > 60_000) {
      const middle = Math.floor((low + high) / 2 / 60_000) * 60_000
      if (local(middle) < day) low = middle
      else high = middle
    }
    instant = high
  }
  return new Date(instant)
}
