import { and, eq } from 'drizzle-orm'
import type { billingResponsibilities, concessions, courtOrders, parentalResponsibilities, protectionFlags } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { SchoolRef } from './context'
import { domainError } from './domain-error'
import { checkLastDay } from './span-input'
import { excerpt } from '../../../shared/excerpt'

/** The school's records that run for a span of days and are ended by giving their last day. */
type SpanTable = typeof concessions | typeof courtOrders | typeof parentalResponsibilities | typeof billingResponsibilities | typeof protectionFlags

export interface CloseSpanOptions<T extends SpanTable> {
  /** What the record is called in a refusal: `No concession with the id …`. */
  label: string
  /** A refusal particular to the record, made before anything is written. */
  check?: (row: T['$inferSelect']) => void
  /** Other columns that change with the end, such as when a flag was lifted. */
  alsoSet?: Partial<T['$inferInsert']>
}

/**
 * Ends one of the school's span records on its last day, inside a write, and returns the row as it
 * was: `not_found` when the school has no record with this id (another school's included), refused
 * when the day is not a day or falls before the span starts.
 */
export async function closeSpan<T extends SpanTable>(tx: Db, school: SchoolRef, table: T, recordId: string, lastDay: string, options: CloseSpanOptions<T>): Promise<T['$inferSelect']> {
  // Every table of the union has these columns; one of them stands for all in the query's types.
  const spans = table as typeof concessions
  const [row] = await tx.select().from(spans).where(and(eq(spans.schoolId, school.id), eq(spans.id, recordId)))
  if (!row) throw domainError('not_found', [`No ${options.label} with the id ${excerpt(recordId)}.`])
  options.check?.(row as T['$inferSelect'])
  checkLastDay(row, lastDay)
  await tx.update(spans).set({ ...options.alsoSet, validTo: lastDay }).where(eq(spans.id, row.id))
  return row as T['$inferSelect']
}
