import {
  dayAt, formatClockTime, formatCount, formatDay, formatInstant, formatMoney, formatShare, instantOfWallTime, wallTime, type DayStyle, type InstantStyle
} from '~~/shared/school-time'
import { intlLocale } from '~~/shared/languages'

/** Until an answer with the school's clock has loaded (sign-in has none), times are written in UTC, saying so. */
const noClock = { timeZone: 'UTC', currency: 'AUD' }

/**
 * Every time, day, count, amount and share a screen writes, in the school's zone and currency and the
 * reader's locale (shared/school-time.ts; docs/screens.md, "Times and money"). The school's clock comes
 * with answers the screens already hold: the staff session on staff screens, the portal's front page on
 * the portal's (its middleware loads each before a page renders).
 */
export function useSchoolTime() {
  const route = useRoute()
  const { session } = useStaffSession()
  const { home } = usePortal()
  const clock = computed(() =>
    (route.path.startsWith('/family') ? home.value?.schoolClock ?? session.value?.schoolClock : session.value?.schoolClock ?? home.value?.schoolClock)
    ?? noClock)
  // The page's language (English on the staff screens until they are translated), Arabic with Latin digits.
  const language = useReaderLanguage()
  const locale = computed(() => intlLocale(language.value.code))
  const reader = () => ({ locale: locale.value, timeZone: clock.value.timeZone })

  return {
    clock,
    locale,
    /** An instant (ISO 8601) on the school's wall clock. */
    instant: (at: string | Date, style: InstantStyle = 'dateTime') => formatInstant(at, reader(), style),
    /** A calendar day (`YYYY-MM-DD`), never shifted. */
    day: (day: string, style: DayStyle = 'medium') => formatDay(day, locale.value, style),
    /** A time of day on the school's wall clock (`HH:MM`), never shifted. */
    clockTime: (time: string) => formatClockTime(time, locale.value),
    /** The school's calendar day an instant falls on, as `YYYY-MM-DD`. */
    dayOf: (at: string | Date) => dayAt(at, clock.value.timeZone),
    /** Today in the school's zone, as `YYYY-MM-DD`. */
    today: () => dayAt(new Date(), clock.value.timeZone),
    /** An instant as a `datetime-local` value on the school's wall clock, and back. */
    wallTime: (at: string | Date) => wallTime(at, clock.value.timeZone),
    instantOfWallTime: (wall: string) => instantOfWallTime(wall, clock.value.timeZone),
    count: (count: number) => formatCount(count, locale.value),
    /** Whole minor units in the school's currency, or in the one an answer names. */
    money: (minorUnits: number, currency?: string) => formatMoney(minorUnits, currency ?? clock.value.currency, locale.value),
    share: (basisPoints: number) => formatShare(basisPoints, locale.value)
  }
}
