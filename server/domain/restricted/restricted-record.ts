import { and, asc, eq, exists, inArray, isNull, or, type Column } from 'drizzle-orm'
import { courtOrders, exitReasons, protectionFlags } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import type { SchoolRef } from '../shared/context'
import { inForceOn } from '../shared/in-force'

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

/** A protection flag on the child that is open, or in force on the day. */
// An open flag counts even before its first day: protection errs on the side of the child.
export const protectionFlagInForce = (day: string) =>
  or(isNull(protectionFlags.validTo), inForceOn(protectionFlags, day))

/** A court order about the child in force on the day. */
export const courtOrderInForce = (day: string) =>
  inForceOn(courtOrders, day)

/**
 * Whether the child in `childId` (a column of the outer query) is under restriction on the day, as a
 * condition a list can leave such children out with, in the query itself, so its pages stay full and
 * nothing in them hints that anyone was left out.
 */
export function underRestriction(db: Db, childId: Column, day: string) {
  return or(
    exists(db.select({ id: protectionFlags.id }).from(protectionFlags).where(and(eq(protectionFlags.personId, childId), protectionFlagInForce(day)))),
    exists(db.select({ id: courtOrders.id }).from(courtOrders).where(and(eq(courtOrders.childId, childId), courtOrderInForce(day))))
  )!
}

/**
 * Which of these children have an open protection flag, or one or a court order in force on the day. Lists that
 * hand children's details to others leave them out; the answer says no more than
 * that, so a caller learns nothing restricted from it.
 */
export async function childrenUnderRestriction(database: Database, school: SchoolRef, childIds: readonly string[], day: string): Promise<Set<string>> {
  if (childIds.length === 0) return new Set()
  const ids = [...childIds]
  const [flagged, ordered] = await Promise.all([
    database.db.selectDistinct({ id: protectionFlags.personId }).from(protectionFlags)
      .where(and(eq(protectionFlags.schoolId, school.id), inArray(protectionFlags.personId, ids), protectionFlagInForce(day))),
    database.db.selectDistinct({ id: courtOrders.childId }).from(courtOrders)
      .where(and(eq(courtOrders.schoolId, school.id), inArray(courtOrders.childId, ids), courtOrderInForce(day)))
  ])
  return new Set([...flagged, ...ordered].map(row => row.id))
}
