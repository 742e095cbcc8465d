import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm'
import { courtOrders, exitReasons, protectionFlags } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { SchoolRef } from '../shared/context'

/**
 * A person's restricted records. Only for a caller holding `restricted.read` (the staff screens,
 * later); no `/api/v1` endpoint returns them.
 */
export async function readRestrictedRecord(database: Database, school: SchoolRef, personId: string) {
  const [flags, orders, exits] = await Promise.all([
    database.db.select().from(protectionFlags).where(and(eq(protectionFlags.schoolId, school.id), eq(protectionFlags.personId, personId))).orderBy(asc(protectionFlags.validFrom), asc(protectionFlags.id)),
    database.db.select().from(courtOrders).where(and(eq(courtOrders.schoolId, school.id), eq(courtOrders.childId, personId))).orderBy(asc(courtOrders.validFrom), asc(courtOrders.id)),
    database.db.select().from(exitReasons).where(and(eq(exitReasons.schoolId, school.id), eq(exitReasons.personId, personId))).orderBy(asc(exitReasons.recordedAt), asc(exitReasons.id))
  ])
  return { protectionFlags: flags, courtOrders: orders, exitReasons: exits }
}

/**
 * Which of these children have an open protection flag, or one or a court order in force on the day. Lists that
 * hand children's details to others (starters, later) leave them out; the answer says no more than
 * that, so a caller learns nothing restricted from it.
 */
export async function childrenUnderRestriction(database: Database, school: SchoolRef, childIds: readonly string[], day: string): Promise<Set<string>> {
  if (childIds.length === 0) return new Set()
  const ids = [...childIds]
  const [flagged, ordered] = await Promise.all([
    database.db.selectDistinct({ id: protectionFlags.personId }).from(protectionFlags).where(and(
      eq(protectionFlags.schoolId, school.id), inArray(protectionFlags.personId, ids),
      // An open flag counts even before its first day: protection errs on the side of the child.
      or(isNull(protectionFlags.validTo), and(lte(protectionFlags.validFrom, day), gte(protectionFlags.validTo, day)))
    )),
    database.db.selectDistinct({ id: courtOrders.childId }).from(courtOrders).where(and(
      eq(courtOrders.schoolId, school.id), inArray(courtOrders.childId, ids),
      lte(courtOrders.validFrom, day), or(isNull(courtOrders.validTo), gte(courtOrders.validTo, day))
    ))
  ])
  return new Set([...flagged, ...ordered].map(row => row.id))
}
