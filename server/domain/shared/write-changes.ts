import { eq, sql } from 'drizzle-orm'
import { changeEvents, schools } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from './context'
import { newId } from './ids'
import { timestampNow } from './clock'

/** Event kinds of DECISIONS: `<subject>.<change>`. */
export type ChangeKind =
  | 'person.created' | 'person.updated' | 'person.deleted'
  | 'affiliation.created' | 'affiliation.updated'
  | 'billing.updated'
  | 'enquiry.created' | 'booking.created'
  | 'application.created' | 'application.updated' | 'enrolment.created'
  | 'sync_run.updated' | 'staff_import.completed' | 'export.produced'

export interface ChangeLog {
  /** Notes a change to announce; it is written with the change, in the same transaction. */
  record(kind: ChangeKind, tableName: string, recordId: string): void
}

/**
 * The one way the school's data is changed: `work` runs in a transaction and records each change
 * it makes; the changes land in the outbox in that same transaction. A write that records no change
 * is a mistake in the code, so it is rolled back rather than left unannounced. The school's data
 * version is bumped in the same transaction, so an answer cached under the old version is not served
 * again once the change is visible.
 */
export async function writeChanges<T>(ctx: DomainContext, work: (tx: Db, changes: ChangeLog) => Promise<T>): Promise<T> {
  return ctx.database.transaction(async (tx) => {
    const at = timestampNow()
    const events: (typeof changeEvents.$inferInsert)[] = []
    const result = await work(tx, {
      record: (kind, tableName, recordId) => {
        events.push({ id: newId('chg'), schoolId: ctx.school.id, kind, tableName, recordId, at })
      }
    })
    if (events.length === 0) throw new Error('A write recorded no change event')
    for (let i = 0; i < events.length; i += 1000) await tx.insert(changeEvents).values(events.slice(i, i + 1000))
    await tx.update(schools).set({ dataVersion: sql`${schools.dataVersion} + 1` }).where(eq(schools.id, ctx.school.id))
    await ctx.withinWrite?.(tx, result)
    return result
  })
}
