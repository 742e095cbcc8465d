import { and, gte, isNull, lte, or, type Column, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Span } from './calendar'

/**
 * "In force on a day", stated once for queries and once for rows already read, side by side so the
 * two cannot drift (tests/unit/server/domain/days/in-force.test.ts holds them to the same answers, and
 * tests/integration/days/in-force.test.ts runs the SQL on both databases). A span runs from
 * `validFrom` to `validTo`, both inclusive, and is open while `validTo` is null (docs/decisions.md).
 * Days are `YYYY-MM-DD` text, so they compare as strings in SQL and in TypeScript alike.
 */

/** The columns of a table that holds spans of days. */
export interface SpanColumns {
  validFrom: Column
  validTo: Column
}

/** A day given to a query: its text, or a placeholder of a prepared query. */
type DayValue = string | SQLWrapper

/** Whether the span is in force on the day: begun by then, and not ended before it. */
export function isInForceOn(span: Span, day: string): boolean {
  return span.validFrom <= day && isNotEndedBefore(span, day)
}

/** The query condition of `isInForceOn` over a table's span columns. */
export function inForceOn(table: SpanColumns, day: DayValue): SQL {
  return and(lte(table.validFrom, day), notEndedBefore(table, day))!
}

/** Whether the span still runs on the day or later (open, or its last day on or after it), begun or not. */
export function isNotEndedBefore(span: Pick<Span, 'validTo'>, day: string): boolean {
  return span.validTo === null || span.validTo >= day
}

/** The query condition of `isNotEndedBefore` over a table's span columns. */
export function notEndedBefore(table: Pick<SpanColumns, 'validTo'>, day: DayValue): SQL {
  return or(isNull(table.validTo), gte(table.validTo, day))!
}
