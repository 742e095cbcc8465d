/*
 * Times, days, counts, money and shares as a reader reads them: in the school's time zone and the
 * reader's locale, the one way every screen writes them (docs/screens.md, "Times and money"). An
 * instant (ISO 8601 with `Z`) is shown on the school's wall clock wherever the browser is; a day
 * (`YYYY-MM-DD`) is the school's calendar day already and is never shifted by any zone.
 *
 * Formatters are kept per (locale, zone, style): each `Intl` object holds ICU's native memory, and a
 * list of a hundred rows would otherwise make a hundred of them (server/domain/days/clock.ts says why).
 */
import { majorText } from './money'
import { percentText } from './basis-points'

/** Where and for whom an instant is written: the reader's locale (BCP 47) and the school's IANA zone. */
export interface ReaderClock {
  locale: string
  timeZone: string
}

const instantStyles = {
  /** The day the instant falls on in the zone: "Nov 28, 2026". */
  date: { dateStyle: 'medium' },
  /** The time of day alone, beside its date: "8:18 AM". */
  time: { timeStyle: 'short' },
  /** A timestamp in a list: "Nov 28, 2026, 8:18 AM". */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** A timestamp someone elsewhere could misread (a deadline, a link's expiry): "Nov 28, 2026, 8:18 AM GMT+11". */
  dateTimeZone: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  /** An appointment (a tour): "Tue, Dec 1, 2026, 9:30 AM GMT+11". */
  appointment: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }
} satisfies Record<string, Intl.DateTimeFormatOptions>
export type InstantStyle = keyof typeof instantStyles

const dayStyles = {
  /** "Dec 1, 2026" */
  medium: { dateStyle: 'medium' },
  /** "December 1, 2026" */
  long: { dateStyle: 'long' },
  /** "Tue, Dec 1, 2026" */
  weekday: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' }
} satisfies Record<string, Intl.DateTimeFormatOptions>
export type DayStyle = keyof typeof dayStyles

const kept = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()

function keptFormat<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = kept.get(key) as T | undefined
  if (!format) {
    format = make()
    if (kept.size >= 2000) kept.clear()
    kept.set(key, format)
  }
  return format
}

const dateFormat = (locale: string, timeZone: string, style: string, options: Intl.DateTimeFormatOptions) =>
  keptFormat(`date ${locale} ${timeZone} ${style}`, () => new Intl.DateTimeFormat(locale, { ...options, timeZone }))

/**
 * A time of day on the school's wall clock (`HH:MM`, as an absence's period keeps it) in the reader's locale: "9:30 AM".
 * It names no instant, so it is written in UTC, where no zone can move it.
 */
export function formatClockTime(time: string, locale: string): string {
  const at = new Date(`1970-01-01T${time}:00Z`)
  if (!/^\d{2}:\d{2}$/.test(time) || Number.isNaN(at.getTime())) return time
  return dateFormat(locale, 'UTC', 'clockTime', instantStyles.time).format(at)
}

/** An instant on the school's wall clock in the reader's locale; an unreadable value is given back as it came. */
export function formatInstant(instant: string | Date, clock: ReaderClock, style: InstantStyle = 'dateTime'): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant
  if (Number.isNaN(at.getTime())) return String(instant)
  return dateFormat(clock.locale, clock.timeZone, style, instantStyles[style]).format(at)
}

/**
 * A calendar day in the reader's locale. It is written at noon UTC in UTC, so no zone, the browser's
 * included, can move it to the day before or after.
 */
export function formatDay(day: string, locale: string, style: DayStyle = 'medium'): string {
  const at = new Date(`${day}T12:00:00Z`)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(at.getTime())) return day
  return dateFormat(locale, 'UTC', style, dayStyles[style]).format(at)
}

/** The wall clock of a zone at an instant, as `YYYY-MM-DDTHH:mm:ss` parts read in a fixed Latin-digit locale. */
function wallParts(at: number, timeZone: string) {
  const format = keptFormat(`wall ${timeZone}`, () => new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit'
  }))
  const parts = Object.fromEntries(format.formatToParts(at).map(part => [part.type, part.value]))
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, second: parts.second }
}

/** The school's calendar day (`YYYY-MM-DD`) an instant falls on. */
export function dayAt(instant: string | Date, timeZone: string): string {
  return wallParts(new Date(instant).getTime(), timeZone).day
}

/** The school's wall clock at an instant as a form's `datetime-local` value: `YYYY-MM-DDTHH:mm`. */
export function wallTime(instant: string | Date, timeZone: string): string {
  const { day, time } = wallParts(new Date(instant).getTime(), timeZone)
  return `${day}T${time}`
}

/** Milliseconds the zone's clock is ahead of UTC at an instant. */
function offsetAt(at: number, timeZone: string): number {
  const { day, time, second } = wallParts(at, timeZone)
  return Date.parse(`${day}T${time}:${second}Z`) - Math.floor(at / 1000) * 1000
}

/**
 * The instant a wall time (`YYYY-MM-DDTHH:mm`) names in a zone, as ISO 8601 UTC; null when it is not
 * one. Across a clock change it reads as a person would: a time the clocks skip (02:30 when they go
 * from 02:00 to 03:00) is taken as the same distance past the change (03:30), and a time that happens
 * twice (when clocks go back) is its first occurrence.
 */
export function instantOfWallTime(wall: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(wall)) return null
  const asUtc = Date.parse(`${wall}:00Z`)
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 16) !== wall) return null
  // The zone's offsets a day either side hold every offset the wall time could be read with.
  const before = offsetAt(asUtc - 86_400_000, timeZone)
  const after = offsetAt(asUtc + 86_400_000, timeZone)
  const readings = [asUtc - before, asUtc - after].filter(at => wallTime(new Date(at), timeZone) === wall)
  const at = readings.length ? Math.min(...readings) : asUtc - before
  return new Date(at).toISOString()
}

/** A count in the reader's locale: 12345 is "12,345" in English. */
export function formatCount(count: number, locale: string): string {
  return keptFormat(`count ${locale}`, () => new Intl.NumberFormat(locale)).format(count)
}

/** Whole minor units as the reader reads an amount of the currency: 400001 AUD is "A$4,000.01" in English. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  // A decimal string is formatted exactly (Intl.NumberFormat v3): the amount never becomes a float.
  const format = keptFormat(`money ${locale} ${currency}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency }))
  return format.format(majorText(minorUnits, currency) as unknown as number)
}

/** Basis points as a per cent in the reader's locale: 1250 is "12.5%", 5000 is "50%". */
export function formatShare(basisPoints: number, locale: string): string {
  const format = keptFormat(`share ${locale}`, () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'percent', maximumFractionDigits: 2 }))
  return format.format(percentText(basisPoints) as unknown as number)
}
