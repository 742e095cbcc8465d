/**
 * Days and spans. A day is `YYYY-MM-DD` in the school's own zone; a span runs from `validFrom` to
 * `validTo`, both inclusive, and is open while `validTo` is null (docs/decisions.md). Days compare as strings.
 */

export interface Span {
  validFrom: string
  validTo: string | null
}

export { isDay } from '../../../shared/calendar-day'

/** The day `count` days after `day` (before, when negative); calendar arithmetic, no time zone involved. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + count)
  return date.toISOString().slice(0, 10)
}

/** Whether two spans share at least one day. */
export function spansOverlap(a: Span, b: Span): boolean {
  return (a.validTo === null || b.validFrom <= a.validTo) && (b.validTo === null || a.validFrom <= b.validTo)
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>()

/** Milliseconds the zone's wall clock is ahead of UTC at an instant. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  let format = offsetFormatters.get(timeZone)
  if (!format) {
    // `longOffset` names the offset itself ("…, GMT+11:00"), several times cheaper than formatToParts.
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    offsetFormatters.set(timeZone, format)
  }
  const match = /GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(format.format(instant))
  if (!match) throw new Error(`Cannot read the UTC offset of ${timeZone}`)
  if (!match[1]) return 0
  const size = (Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0)) * 1000
  return match[1] === '-' ? -size : size
}

const dayStarts = new Map<string, Date>()

/**
 * The first instant of a day in a zone: 00:00 local, or, where a clock change skips midnight
 * (America/Santiago in September), the first minute the day has. Remembered, as lists of alumni
 * ask for the same few thousand days over and over.
 */
export function startOfDayInZone(day: string, timeZone: string): Date {
  const key = `${timeZone} ${day}`
  let start = dayStarts.get(key)
  if (!start) {
    if (dayStarts.size >= 50_000) dayStarts.clear()
    start = computeStartOfDay(day, timeZone)
    dayStarts.set(key, start)
  }
  return new Date(start)
}

function computeStartOfDay(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`)
  const firstOffset = zoneOffsetMs(midnightUtc, timeZone)
  const instant = midnightUtc - firstOffset
  const offset = zoneOffsetMs(instant, timeZone)
  if (offset === firstOffset) return new Date(instant)
  // The offset changes near midnight: settle on the offset in force at the answer.
  const settled = midnightUtc - offset
  const localDay = (at: number) => new Date(at + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 10)
  if (localDay(settled) === day && localDay(settled - 1) < day) return new Date(settled)
  if (localDay(instant) === day && localDay(instant - 1) < day) return new Date(instant)
  // Midnight itself was skipped: the day begins at the first minute that belongs to it.
  let low = Math.min(instant, settled)
  let high = low + 3 * 3_600_000
  while (high - low > 60_000) {
    const middle = Math.floor((low + high) / 2 / 60_000) * 60_000
    if (localDay(middle) < day) low = middle
    else high = middle
  }
  return new Date(high)
}

/**
 * A wall-clock time of a day in a zone as RFC 3339 with the zone's offset then (`2026-12-01T09:00:00+11:00`):
 * how the school's times leave the service, so a reader elsewhere gets the instant and the school's clock both.
 */
export function zonedDateTime(day: string, time: string, timeZone: string): string {
  const wall = Date.parse(`${day}T${time}:00Z`)
  const offset = zoneOffsetMs(wall - zoneOffsetMs(wall, timeZone), timeZone)
  const minutes = Math.abs(offset) / 60_000
  const sign = offset < 0 ? '-' : '+'
  return `${day}T${time}:00${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}
