import { eq, sql } from 'drizzle-orm'
import { apiTokens, changeEvents, schools, staffSessions } from '../../../db/schema'
import type { Db } from '../../../db/client'
import { bulkInsert } from '../../../db/bulk-insert'
import type { DomainContext } from './context'
import { newId } from './ids'
import { timestampNow } from '../days/clock'
import { announceOutboxCommit } from './outbox-signal'
import { recordedActor, type Actor } from './actor'

/** Event kinds (docs/decisions.md, "Events"): `<subject>.<change>`. */
export type ChangeKind =
  | 'person.created' | 'person.updated' | 'person.deleted'
  | 'affiliation.created' | 'affiliation.updated'
  | 'billing.updated'
  | 'enquiry.created' | 'booking.created'
  | 'application.created' | 'application.updated' | 'enrolment.created'
  | 'sync_run.updated' | 'staff_import.completed' | 'export.produced'
  | 'tour.created' | 'tour.updated'
  | 'academic_session.created' | 'academic_session.updated' | 'course.created' | 'course.updated'
  | 'class.created' | 'class.updated' | 'class_member.created' | 'class_member.updated'
  | 'teaching_assignment.created' | 'teaching_assignment.updated'
  | 'affiliation.deleted' | 'staff_check.created' | 'staff_check.updated'
  // Addressed to one subscription only, never chosen (docs/webhooks.md, "Test deliveries").
  | 'webhook.test'
  | 'enquiry.updated'
  | 'fee_schedule.created' | 'fee_schedule.updated'
  | 'consent_purpose.created' | 'consent_ask.created' | 'consent_ask.updated' | 'consent.created' | 'consent.updated'
  | 'message.created' | 'activity_member.created' | 'activity_member.deleted'
  | 'notification.failed'
  | 'absence.reported' | 'absence.explained' | 'absence.withdrawn'
  | 'contact.updated'
  | 'person.erased'

export interface ChangeLog {
  /** Notes a change to announce; it is written with the change, in the same transaction. */
  record(kind: ChangeKind, tableName: string, recordId: string): void
}

/**
 * The one way the school's data is changed: `work` runs in a transaction and records each change
 * it makes; the changes land in the outbox in that same transaction. A write that records no change
 * is a mistake in the code, so it is rolled back rather than left unannounced.
 *
 * The first statement bumps the school's data version, which locks the school's row until the
 * write commits: the school's writers run one at a time on both databases (SQLite has one writer
 * anyway). On PostgreSQL, at READ COMMITTED, a lock taken only at the end would let two writes check
 * the same old state and both commit (two billing splits totalling 20000, two overlapping spans),
 * and would let a school's outbox sequence numbers commit out of order, so a reader of its outbox by
 * sequence could pass over an event not yet committed. The version changes in the transaction that changes
 * the data, so an answer kept under the old version is not served once the change is visible
 * (docs/architecture.md, "Kept answers").
 */
export interface WriteOptions {
  /**
   * Take the school's lock after the work instead of before it, for a long batch (a people sync of
   * 100,000 rows) that must not hold the school's other writers for its whole length on PostgreSQL:
   * they wait only while its events are written. The work's own rows are still locked as it writes
   * them, and its reads do not see writes that commit meanwhile, so it must not rest on a check that
   * another write could break (docs/imports.md).
   */
  lockSchool?: 'first' | 'last'
}

/** Events written to the outbox at once. */
const eventsPerSlice = 10_000

/** Takes the school's lock for the rest of the transaction, bumping its data version (see writeChanges). */
async function lockSchoolData(tx: Db, schoolId: string) {
  const [locked] = await tx.update(schools).set({ dataVersion: sql`${schools.dataVersion} + 1` }).where(eq(schools.id, schoolId))
    .returning({ dataVersion: schools.dataVersion })
  if (!locked) throw new Error(`No school with the id ${schoolId} to write to`)
}

/** Numbers the recorded changes after the school's last and writes them to the outbox; the school's lock must be held. */
async function appendChangeEvents(tx: Db, schoolId: string, actor: string, at: string, kinds: ChangeKind[], tableNames: string[], recordIds: string[]) {
  // Numbered under the school's lock: the school's positions run 1, 2, 3 … with no gaps and in commit
  // order, whatever other schools write meanwhile (docs/events.md).
  const [numbered] = await tx.update(schools).set({ lastEventPosition: sql`${schools.lastEventPosition} + ${kinds.length}` })
    .where(eq(schools.id, schoolId)).returning({ last: schools.lastEventPosition })
  const first = Number(numbered!.last) - kinds.length + 1
  for (let start = 0; start < kinds.length; start += eventsPerSlice) {
    const events: (typeof changeEvents.$inferInsert)[] = []
    for (let i = start; i < Math.min(kinds.length, start + eventsPerSlice); i++) {
      events.push({
        id: newId('chg'), schoolId, kind: kinds[i]!, tableName: tableNames[i]!, recordId: recordIds[i]!, position: first + i, at,
        actor
      })
    }
    await bulkInsert(tx, changeEvents, events)
  }
}

/**
 * With a read replica, notes on the caller's session or token row, in the write's own transaction, when they last
 * changed something: every instance reads that row on each request anyway, so for a while after it their
 * lag-tolerant reads go to the primary, wherever the load balancer sends them (server/domain/shared/read-database.ts).
 * One update of a row by its key; nothing at all without a replica.
 */
async function noteCallerWrite(tx: Db, ctx: DomainContext) {
  if (!ctx.database.replica) return
  const { actor } = ctx
  const at = timestampNow()
  if (actor.kind === 'token') await tx.update(apiTokens).set({ lastWriteAt: at }).where(eq(apiTokens.id, actor.tokenId))
  else if ((actor.kind === 'staff' || actor.kind === 'family') && actor.sessionId) {
    await tx.update(staffSessions).set({ lastWriteAt: at }).where(eq(staffSessions.id, actor.sessionId))
  }
}

export async function writeChanges<T>(ctx: DomainContext, work: (tx: Db, changes: ChangeLog) => Promise<T>, options: WriteOptions = {}): Promise<T> {
  const committed = await ctx.database.transaction(async (tx) => {
    if (options.lockSchool !== 'last') await lockSchoolData(tx, ctx.school.id)
    const at = timestampNow()
    // Kept lean until written (a people sync records 200,000): the event rows are made a slice at a time.
    const kinds: ChangeKind[] = []
    const tableNames: string[] = []
    const recordIds: string[] = []
    const result = await work(tx, {
      record: (kind, tableName, recordId) => {
        kinds.push(kind)
        tableNames.push(tableName)
        recordIds.push(recordId)
      }
    })
    if (kinds.length === 0) throw new Error('A write recorded no change event')
    if (options.lockSchool === 'last') await lockSchoolData(tx, ctx.school.id)
    await appendChangeEvents(tx, ctx.school.id, recordedActor(ctx.actor), at, kinds, tableNames, recordIds)
    await noteCallerWrite(tx, ctx)
    await ctx.withinWrite?.(tx, result)
    return result
  })
  announceOutboxCommit(ctx.school.id)
  return committed
}

/**
 * Announces changes a worker recorded in a transaction of its own (a delivery's outcome, written the
 * moment the gateway answers, on a row it holds under a lease), where writeChanges' all-or-nothing
 * write does not fit: a worker's write may change nothing worth announcing, or find the row no longer
 * its own. The school's lock is taken last, after the worker's row, as writeChanges' `lockSchool:
 * 'last'`; nothing the worker checked rests on the school's other writes. Nothing is written for no
 * change. The caller calls announceOutboxCommit once the transaction has committed.
 */
export async function recordChangesInWorkerWrite(
  tx: Db, schoolId: string, actor: Actor, changes: readonly { kind: ChangeKind, tableName: string, recordId: string }[]
) {
  if (changes.length === 0) return
  await lockSchoolData(tx, schoolId)
  await appendChangeEvents(tx, schoolId, recordedActor(actor), timestampNow(), changes.map(change => change.kind),
    changes.map(change => change.tableName), changes.map(change => change.recordId))
}
