import { and, asc, desc, eq, isNull, lt, or } from 'drizzle-orm'
import { courtOrders, exitReasons, protectionFlags, restrictedViews } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { timestampNow, todayInZone } from '../shared/clock'
import { inForceOn } from '../shared/in-force'
import { newId } from '../shared/ids'
import { recordedActor } from '../shared/actor'
import { assertCanSee } from '../access/withholding'
import { assertCapability } from '../access/access'
import { recordActivity } from '../activity/record-activity'

/**
 * A person's restricted records, for a caller access lets see them (`restricted.read`: the staff
 * screens, later); no `/api/v1` endpoint returns them. The read is recorded first (who, which
 * person, when: `listRestrictedViews`), so nothing is shown unrecorded; a refused read shows
 * nothing and records nothing.
 */
export async function readRestrictedRecord(ctx: DomainContext, personId: string) {
  const { database, school } = ctx
  await assertCanSee(ctx, personId, 'restricted_record', todayInZone(school.timeZone))
  await database.transaction(async (tx) => {
    await tx.insert(restrictedViews).values({ id: newId('rvw'), schoolId: school.id, personId, viewedBy: recordedActor(ctx.actor), viewedAt: timestampNow() })
    await recordActivity(tx, ctx, { kind: 'restricted.viewed', subjectType: 'person', subjectId: personId, summary: `Viewed the restricted record of person ${personId}` })
  })
  const [flags, orders, exits] = await Promise.all([
    database.db.select().from(protectionFlags).where(and(eq(protectionFlags.schoolId, school.id), eq(protectionFlags.personId, personId))).orderBy(asc(protectionFlags.validFrom), asc(protectionFlags.id)),
    database.db.select().from(courtOrders).where(and(eq(courtOrders.schoolId, school.id), eq(courtOrders.childId, personId))).orderBy(asc(courtOrders.validFrom), asc(courtOrders.id)),
    database.db.select().from(exitReasons).where(and(eq(exitReasons.schoolId, school.id), eq(exitReasons.personId, personId))).orderBy(asc(exitReasons.recordedAt), asc(exitReasons.id))
  ])
  return { protectionFlags: flags, courtOrders: orders, exitReasons: exits }
}

/**
 * The school's reads of restricted records, newest first, for a caller holding `restricted.read`:
 * who read which person's record, and when. `before` (a `viewedAt`) pages back.
 */
export async function listRestrictedViews(ctx: DomainContext, options: { personId?: string, before?: string, limit?: number } = {}) {
  assertCapability(ctx, 'restricted.read')
  const { database, school } = ctx
  return database.db.select({ personId: restrictedViews.personId, viewedBy: restrictedViews.viewedBy, viewedAt: restrictedViews.viewedAt })
    .from(restrictedViews)
    .where(and(
      eq(restrictedViews.schoolId, school.id),
      options.personId === undefined ? undefined : eq(restrictedViews.personId, options.personId),
      options.before === undefined ? undefined : lt(restrictedViews.viewedAt, options.before)
    ))
    .orderBy(desc(restrictedViews.viewedAt), desc(restrictedViews.id))
    .limit(options.limit ?? 100)
}

/** A protection flag on the child that is open, or in force on the day. */
// An open flag counts even before its first day: protection errs on the side of the child.
export const protectionFlagInForce = (day: string) =>
  or(isNull(protectionFlags.validTo), inForceOn(protectionFlags, day))

/** A court order about the child in force on the day. */
export const courtOrderInForce = (day: string) =>
  inForceOn(courtOrders, day)
