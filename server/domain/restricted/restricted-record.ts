import { and, asc, desc, eq, inArray, lt, or } from 'drizzle-orm'
import { courtOrders, exitReasons, identityDecisions, people, protectionFlags, restrictedViews } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { timestampNow, todayInZone } from '../days/clock'
import { newId } from '../shared/ids'
import { recordedActor } from '../shared/actor'
import { assertCanSee } from '../access/withholding'
import { assertCapability } from '../access/access'
import { requireRecentPasskeyProof } from '../access/delegation'
import { recordActivity } from '../activity/record-activity'
import { actorLabels } from '../shared/actor-labels'

/**
 * The person's merge history: each identity decision the office took about them when an application or
 * enquiry matched people on file (admissions/possible-duplicates.ts), whichever side of it they were on:
 * the person it opened (then linked away and deleted, or kept apart) or the person on file. The other
 * person is named even when deleted, since that record is what the application first said.
 */
async function mergeHistory(db: Db, school: SchoolRef, personId: string) {
  const decisions = await db.select().from(identityDecisions)
    .where(and(eq(identityDecisions.schoolId, school.id), or(eq(identityDecisions.personId, personId), eq(identityDecisions.otherPersonId, personId))))
    .orderBy(asc(identityDecisions.decidedAt), asc(identityDecisions.id))
  const otherIds = [...new Set(decisions.map(decision => decision.personId === personId ? decision.otherPersonId : decision.personId))]
  const others = new Map((otherIds.length
    ? await db.select({
        id: people.id, familyName: people.familyName, givenNames: people.givenNames, deletedAt: people.deletedAt
      }).from(people).where(inArray(people.id, otherIds))
    : [])
    .map(row => [row.id, row]))
  const labels = await actorLabels(db, school.id, decisions.map(decision => decision.decidedBy))
  return decisions.map((decision) => {
    const other = others.get(decision.personId === personId ? decision.otherPersonId : decision.personId)!
    return {
      id: decision.id,
      decision: decision.decision,
      /** `opened`: this person is the one the application or enquiry opened; `on_file`: the one it was compared with. */
      side: decision.personId === personId ? 'opened' as const : 'on_file' as const,
      other: { id: other.id, familyName: other.familyName, givenNames: other.givenNames, deleted: other.deletedAt !== null },
      subjectType: decision.subjectType === 'applications' ? 'application' as const : 'enquiry' as const,
      subjectId: decision.subjectId,
      decidedAt: decision.decidedAt,
      decidedBy: labels.get(decision.decidedBy) ?? decision.decidedBy
    }
  })
}

/**
 * The restricted check, passed by every read of what a restricted record holds or tells (the record itself,
 * who can see a child, a portal preview as an adult it concerns): the caller needs `restricted.read`
 * (`forbidden` otherwise) and, as a member of staff in a session, a passkey proof within five minutes
 * (`step_up_required`). The restricted routes declare `stepUp` as well, so they refuse before anything is
 * read; a preview needs the proof only for some adults, so it relies on this check alone.
 */
export async function assertRestrictedReadable(ctx: DomainContext, personId: string) {
  await assertCanSee(ctx, personId, 'restricted_record', todayInZone(ctx.school.timeZone))
  if (ctx.actor.kind === 'staff' && ctx.actor.sessionId) await requireRecentPasskeyProof(ctx, 'see what a restricted record holds')
}

/**
 * Records a read of what a person's restricted record tells (restricted_views and Activity) in the caller's
 * transaction, so the read and its record commit together; call it once assertRestrictedReadable passed.
 */
export async function insertRestrictedView(tx: Db, ctx: DomainContext, personId: string, summary: string) {
  await tx.insert(restrictedViews).values({ id: newId('rvw'), schoolId: ctx.school.id, personId, viewedBy: recordedActor(ctx.actor), viewedAt: timestampNow() })
  await recordActivity(tx, ctx, { kind: 'restricted.viewed', subjectType: 'person', subjectId: personId, summary })
}

/**
 * Lets a caller the restricted check admits read a person's restricted record (or what it tells, such as
 * who can see a child), recording the read first (restricted_views and Activity) so nothing is shown
 * unrecorded; a refused read records nothing.
 */
export async function recordRestrictedView(ctx: DomainContext, personId: string, summary: string) {
  await assertRestrictedReadable(ctx, personId)
  await ctx.database.transaction(tx => insertRestrictedView(tx, ctx, personId, summary))
}

/**
 * A person's restricted records (protection flags, court orders, exit reasons, merge history), for a caller access lets see them (`restricted.read`: the staff
 * screens, later); no `/api/v1` endpoint returns them. The read is recorded first (who, which
 * person, when: `listRestrictedViews`), so nothing is shown unrecorded; a refused read shows
 * nothing and records nothing.
 */
export async function readRestrictedRecord(ctx: DomainContext, personId: string) {
  const { database, school } = ctx
  await recordRestrictedView(ctx, personId, `Viewed the restricted record of person ${personId}`)
  const [flags, orders, exits, merges] = await Promise.all([
    database.db.select().from(protectionFlags).where(and(eq(protectionFlags.schoolId, school.id), eq(protectionFlags.personId, personId)))
      .orderBy(asc(protectionFlags.validFrom), asc(protectionFlags.id)),
    database.db.select().from(courtOrders).where(and(eq(courtOrders.schoolId, school.id), eq(courtOrders.childId, personId)))
      .orderBy(asc(courtOrders.validFrom), asc(courtOrders.id)),
    database.db.select().from(exitReasons).where(and(eq(exitReasons.schoolId, school.id), eq(exitReasons.personId, personId)))
      .orderBy(asc(exitReasons.recordedAt), asc(exitReasons.id)),
    mergeHistory(database.db, school, personId)
  ])
  return { protectionFlags: flags, courtOrders: orders, exitReasons: exits, mergeHistory: merges }
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
