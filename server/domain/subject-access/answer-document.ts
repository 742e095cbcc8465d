import { and, eq, inArray } from 'drizzle-orm'
import { childContacts, courtOrders, exitReasons, protectionFlags } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { SubjectAccessItemKind } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { familyDocument, familyRecords } from '../portal/family-download'
import { itemsOfRequest } from './review-items'
import { staffRecordsAbout } from './staff-records'
import type { RequestRow } from './request-view'

/** The words standing in for a redacted item in the family's copy. */
export const redactedMarker = 'Redacted: this record holds another person\'s details or information the school may not disclose.'

/** The reviewed records of a request, by kind, as the tables hold them. */
async function reviewedRecords(db: Db, schoolId: string, ids: Record<SubjectAccessItemKind, string[]>) {
  const none = Promise.resolve([])
  const [flags, orders, exits, contacts] = await Promise.all([
    ids.protection_flag.length
      ? db.select({
          id: protectionFlags.id, kind: protectionFlags.kind, note: protectionFlags.note, validFrom: protectionFlags.validFrom, validTo: protectionFlags.validTo
        }).from(protectionFlags).where(and(eq(protectionFlags.schoolId, schoolId), inArray(protectionFlags.id, ids.protection_flag)))
      : none,
    ids.court_order.length
      ? db.select({
          id: courtOrders.id, kind: courtOrders.kind, childId: courtOrders.childId, restrainedPersonId: courtOrders.restrainedPersonId,
          summary: courtOrders.summary, validFrom: courtOrders.validFrom, validTo: courtOrders.validTo
        }).from(courtOrders).where(and(eq(courtOrders.schoolId, schoolId), inArray(courtOrders.id, ids.court_order)))
      : none,
    ids.exit_reason.length
      ? db.select({ id: exitReasons.id, reason: exitReasons.reason, note: exitReasons.note, recordedAt: exitReasons.recordedAt })
          .from(exitReasons).where(and(eq(exitReasons.schoolId, schoolId), inArray(exitReasons.id, ids.exit_reason)))
      : none,
    ids.child_contact.length
      ? db.select({
          id: childContacts.id, kind: childContacts.kind, name: childContacts.name, phone: childContacts.phone, relationship: childContacts.relationship
        }).from(childContacts).where(and(eq(childContacts.schoolId, schoolId), inArray(childContacts.id, ids.child_contact)))
      : none
  ])
  return new Map<string, Record<string, unknown>>([...flags, ...orders, ...exits, ...contacts].map(row => [(row as { id: string }).id, row]))
}

/**
 * A request's answer, assembled from the tables as they stand: the portal's data download for the subject (the same
 * function the portal's download calls), the staff side's records about them, and each reviewed item by its decision:
 * included as held, a marker where redacted; a withheld item is left out of the family's copy and named with its
 * exemption in the office's. An undecided item is never in either (sending waits until none is left).
 */
export async function subjectAccessAnswer(ctx: Pick<DomainContext, 'database' | 'school'>, row: RequestRow, copy: 'office' | 'family', day: string) {
  const db = ctx.database.db
  const items = await itemsOfRequest(db, ctx.school.id, row.id)
  const ids = { protection_flag: [], court_order: [], exit_reason: [], child_contact: [] } as Record<SubjectAccessItemKind, string[]>
  for (const item of items) if (item.decision === 'include') ids[item.itemKind].push(item.recordId)
  const records = await reviewedRecords(db, ctx.school.id, ids)
  const reviewed = items.flatMap((item): Record<string, unknown>[] => {
    const ref = { itemKind: item.itemKind, recordId: item.recordId }
    if (item.decision === 'include') return records.has(item.recordId) ? [{ ...ref, record: records.get(item.recordId) }] : []
    if (item.decision === 'redact') return [{ ...ref, redacted: redactedMarker, ...(copy === 'office' ? { reason: item.reason } : {}) }]
    if (copy === 'family') return []
    return [item.decision === 'withhold' ? { ...ref, withheld: true, exemption: item.reason } : { ...ref, undecided: true }]
  })
  return {
    request: { id: row.id, kind: row.kind, subjectId: row.subjectId, receivedOn: row.receivedOn, deadline: row.deadline, answeredOn: day },
    portalDownload: familyDocument(await familyRecords(ctx, row.subjectId, day), row.subjectId),
    staffRecords: await staffRecordsAbout(db, ctx.school.id, row.subjectId),
    reviewed
  }
}
