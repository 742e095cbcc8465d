import { and, asc, eq, gt, gte, inArray, lte, max } from 'drizzle-orm'
import { changeEvents } from '../../../db/schema'
import type { WebhookEventKind } from '../../../shared/vocabulary'
import type { Scope } from '../access/catalogue'
import { holdsCapability } from '../access/access'
import type { DomainContext } from '../shared/context'

/**
 * Which scope reaches the records of each kind of event: a token reads in the feed only the kinds whose
 * records it could read (or, for records no scope reads, write) itself. docs/events.md lists it. Changes to
 * restricted records are announced as `person.updated` on the child, saying only that the person changed.
 */
export const eventKindScopes: Record<WebhookEventKind, Scope> = {
  'person.created': 'person.read',
  'person.updated': 'person.read',
  'person.deleted': 'person.read',
  'affiliation.created': 'affiliation.read',
  'affiliation.updated': 'affiliation.read',
  'affiliation.deleted': 'affiliation.read',
  'billing.updated': 'billing.read',
  'enquiry.created': 'enquiry.write',
  'enquiry.updated': 'enquiry.write',
  'booking.created': 'tour.book',
  'application.created': 'application.write',
  'application.updated': 'application.write',
  'enrolment.created': 'application.write',
  'sync_run.updated': 'people.sync',
  'staff_import.completed': 'staff.import',
  'staff_check.created': 'staff.import',
  'staff_check.updated': 'staff.import',
  'export.produced': 'export.read',
  'tour.created': 'tour.read',
  'tour.updated': 'tour.read',
  'class.created': 'roster.read',
  'class.updated': 'roster.read',
  'class_member.created': 'roster.read',
  'class_member.updated': 'roster.read',
  'teaching_assignment.created': 'roster.read',
  'teaching_assignment.updated': 'roster.read',
  'academic_session.created': 'roster.read',
  'academic_session.updated': 'roster.read',
  'course.created': 'roster.read',
  'course.updated': 'roster.read',
  // The event names the schedule only; amounts are read on the screens, never through /api/v1.
  'fee_schedule.created': 'billing.read',
  'fee_schedule.updated': 'billing.read',
  // Consents and messages are about children and their adults: what person.read reaches.
  'consent_purpose.created': 'person.read',
  'consent_ask.created': 'person.read',
  'consent_ask.updated': 'person.read',
  'consent.created': 'person.read',
  'consent.updated': 'person.read',
  'message.created': 'person.read',
  'activity_member.created': 'person.read',
  'activity_member.deleted': 'person.read',
  // A delivery to an adult that bounced or failed: ids only, about the adults person.read reaches.
  'notification.failed': 'person.read',
  // What the attendance system reads back: the absences it asked about and those families reported.
  'absence.reported': 'absence.read',
  'absence.explained': 'absence.read',
  'absence.withdrawn': 'absence.read',
  // A child's emergency contacts or collectors changed: the contact list of GET /api/v1/people/{id}/contacts.
  'contact.updated': 'contact.read',
  'person.erased': 'person.read'
}

/** The kinds a caller's scopes reach, of those asked for (all when none are named). */
export function readableKinds(ctx: Pick<DomainContext, 'capabilities'>, asked?: readonly WebhookEventKind[]): WebhookEventKind[] {
  const kinds = (Object.keys(eventKindScopes) as WebhookEventKind[]).filter(kind => holdsCapability(ctx, eventKindScopes[kind]))
  return asked ? kinds.filter(kind => asked.includes(kind)) : kinds
}

export interface FeedRequest {
  /** Read after this outbox sequence; when absent, from the oldest change on or after `from`. */
  afterSequence?: number
  /** The oldest change a request without a position reads (the feed's retention). */
  from: string
  kinds: readonly WebhookEventKind[]
  limit: number
}

/**
 * One page of the school's changes, oldest first, as the webhook body carries them plus their position
 * among the school's changes, and where to go on from (an outbox sequence, for the sealed cursor only).
 * The school's last change is read first and the page stops there:
 * a school's changes commit in sequence order under its lock (docs/architecture.md, "Writes and the
 * outbox"), so everything up to it has committed, and a page that is not full may go on from it
 * even when it holds none of the kinds asked for. Read in the other order, a change committed between
 * the two reads would be passed over.
 */
export async function readEventFeed({ database, school }: Pick<DomainContext, 'database' | 'school'>, request: FeedRequest) {
  const after = request.afterSequence
  const [last] = await database.db.select({ sequence: max(changeEvents.sequence) }).from(changeEvents).where(eq(changeEvents.schoolId, school.id))
  const horizon = last?.sequence == null ? 0 : Number(last.sequence)
  const rows = request.kinds.length === 0
    ? []
    : await database.db.select({
        sequence: changeEvents.sequence, position: changeEvents.position, kind: changeEvents.kind, table: changeEvents.tableName,
        id: changeEvents.recordId, at: changeEvents.at
      })
        .from(changeEvents)
        .where(and(
          eq(changeEvents.schoolId, school.id),
          after === undefined ? gte(changeEvents.at, request.from) : gt(changeEvents.sequence, after),
          lte(changeEvents.sequence, horizon),
          inArray(changeEvents.kind, [...request.kinds])
        ))
        .orderBy(asc(changeEvents.sequence))
        .limit(request.limit)
  // The item's `sequence` is the school's own position (1, 2, 3 … for the school, whatever others write);
  // the outbox sequence, which counts every school's changes, stays inside the sealed cursor.
  const items = rows.map(row => ({ kind: row.kind as WebhookEventKind, table: row.table, id: row.id, at: row.at, sequence: Number(row.position) }))
  const full = items.length === request.limit
  return { items, resumeAfter: full ? Number(rows.at(-1)!.sequence) : Math.max(horizon, after ?? 0), caughtUp: !full }
}
