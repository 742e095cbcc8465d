import { and, eq } from 'drizzle-orm'
import type {
  affiliations, billingResponsibilities, classMembers, concessions, courtOrders, parentalResponsibilities, protectionFlags, teachingAssignments
} from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { SchoolRef } from '../shared/school-ref'
import type { Span } from './calendar'
import { domainError } from '../shared/domain-error'
import { checkLastDay } from './span-input'
import { excerpt } from '../../../shared/excerpt'

/** The school's records that run for a span of days and are ended by giving their last day. */
type SpanTable = typeof affiliations | typeof billingResponsibilities | typeof classMembers | typeof concessions | typeof courtOrders
  | typeof parentalResponsibilities | typeof protectionFlags | typeof teachingAssignments

export interface CloseSpanOptions<T extends SpanTable> {
  /** What the record is called in a refusal: `No concession with the id …`. */
  label: string
  /** A refusal particular to the record, made before the last day is checked. */
  check?: (row: T['$inferSelect']) => void
  /** A refusal that needs a good last day, such as an overlap with the shorter span; made before anything is written. */
  checkEnd?: (row: T['$inferSelect']) => void | Promise<void>
  /** Other columns that change with the end, such as when a flag was lifted. */
  alsoSet?: Partial<T['$inferInsert']>
}

/**
 * Ends one of the school's span records on its last day, inside a write, and returns the row as it
 * was: `not_found` when the school has no record with this id (another school's included), refused
 * when the day is not a day or falls before the span starts.
 */
export async function closeSpan<T extends SpanTable>(
  tx: Db, school: SchoolRef, table: T, recordId: string, lastDay: string, options: CloseSpanOptions<T>
): Promise<T['$inferSelect']> {
  // Every table of the union has these columns; one of them stands for all in the query's types.
  const spans = table as typeof concessions
  const [row] = await tx.select().from(spans).where(and(eq(spans.schoolId, school.id), eq(spans.id, recordId)))
  if (!row) throw domainError('not_found', [`No ${options.label} with the id ${excerpt(recordId)}.`])
  options.check?.(row as T['$inferSelect'])
  checkLastDay(row, lastDay)
  await options.checkEnd?.(row as T['$inferSelect'])
  await endSpan(tx, table, row, lastDay, options.alsoSet)
  return row as T['$inferSelect']
}

/**
 * Ends a span record already read inside the write (one of a list the writer read itself, such as
 * a class's members an import leaves out) on its last day; refused when the day falls before the
 * span starts. `closeSpan` is this for one record named by id.
 */
export async function endSpan<T extends SpanTable>(
  tx: Db, table: T, row: { id: string } & Pick<Span, 'validFrom'>, lastDay: string, alsoSet?: Partial<T['$inferInsert']>
): Promise<void> {
  checkLastDay(row, lastDay)
  const spans = table as typeof concessions
  await tx.update(spans).set({ ...alsoSet, validTo: lastDay }).where(eq(spans.id, row.id))
}

/**
 * The last day of a span a bulk writer ends on `lastDay` (a sync run's absentees, a timetable's
 * leavers): that day, or the span's first day when it only starts later, since a span cannot end
 * before it starts. Writers that end thousands of spans at once with their own batched updates
 * (imports/apply-sync.ts, which records each change for undo) take the day from here instead of
 * going through `endSpan` row by row.
 */
export function lastDayWithin(span: Pick<Span, 'validFrom'>, lastDay: string): string {
  return lastDay < span.validFrom ? span.validFrom : lastDay
}
