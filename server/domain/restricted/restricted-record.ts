import { and, asc, eq, isNull, or } from 'drizzle-orm'
import { courtOrders, exitReasons, protectionFlags } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { todayInZone } from '../shared/clock'
import { inForceOn } from '../shared/in-force'
import { assertCanSee } from '../access/withholding'

/**
 * A person's restricted records, for a caller access lets see them (`restricted.read`: the staff
 * screens, later); no `/api/v1` endpoint returns them.
 */
export async function readRestrictedRecord(ctx: DomainContext, personId: string) {
  const { database, school } = ctx
  await assertCanSee(ctx, personId, 'restricted_record', todayInZone(school.timeZone))
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
