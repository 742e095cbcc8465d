import { and, asc, eq, or } from 'drizzle-orm'
import { childContacts, courtOrders, exitReasons, protectionFlags, subjectAccessItems } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { SubjectAccessItemKind } from '../../../shared/vocabulary'

/** One record of an answer the office decides on: its kind and id, nothing of what it holds. */
export interface ReviewItemRef { itemKind: SubjectAccessItemKind, recordId: string }

/**
 * The records about the subject that the office decides on one by one before an answer goes: restricted records
 * (protection flags on them, court orders about them or naming them as the adult kept away, why their spans ended) and
 * third parties' details (a child's emergency contacts and collectors: other people's names and phones). Ids only.
 */
export async function reviewItemRefs(db: Db, schoolId: string, subjectId: string): Promise<ReviewItemRef[]> {
  const [flags, orders, exits, contacts] = await Promise.all([
    db.select({ id: protectionFlags.id }).from(protectionFlags)
      .where(and(eq(protectionFlags.schoolId, schoolId), eq(protectionFlags.personId, subjectId))).orderBy(asc(protectionFlags.id)),
    db.select({ id: courtOrders.id }).from(courtOrders)
      .where(and(eq(courtOrders.schoolId, schoolId), or(eq(courtOrders.childId, subjectId), eq(courtOrders.restrainedPersonId, subjectId))))
      .orderBy(asc(courtOrders.id)),
    db.select({ id: exitReasons.id }).from(exitReasons)
      .where(and(eq(exitReasons.schoolId, schoolId), eq(exitReasons.personId, subjectId))).orderBy(asc(exitReasons.id)),
    db.select({ id: childContacts.id }).from(childContacts)
      .where(and(eq(childContacts.schoolId, schoolId), eq(childContacts.childId, subjectId))).orderBy(asc(childContacts.id))
  ])
  return [
    ...flags.map(row => ({ itemKind: 'protection_flag' as const, recordId: row.id })),
    ...orders.map(row => ({ itemKind: 'court_order' as const, recordId: row.id })),
    ...exits.map(row => ({ itemKind: 'exit_reason' as const, recordId: row.id })),
    ...contacts.map(row => ({ itemKind: 'child_contact' as const, recordId: row.id }))
  ]
}

/** A request's items, in the order they were gathered (kind, then record). */
export async function itemsOfRequest(db: Db, schoolId: string, requestId: string) {
  return db.select().from(subjectAccessItems)
    .where(and(eq(subjectAccessItems.schoolId, schoolId), eq(subjectAccessItems.requestId, requestId)))
    .orderBy(asc(subjectAccessItems.itemKind), asc(subjectAccessItems.recordId))
}
