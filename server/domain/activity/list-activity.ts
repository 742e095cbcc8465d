import { and, desc, eq, notInArray } from 'drizzle-orm'
import { activity } from '../../../db/schema'
import { actorLabels } from '../shared/actor-labels'
import type { DomainContext } from '../shared/context'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { assertCapability, holdsCapability } from '../access/access'
import { restrictedActivityKinds, type ActivityKind } from './activity-kinds'
import type { FieldChange } from './record-activity'
import { compareText } from '../shared/compare-text'
import { foldName } from '../people/name-key'

export interface ActivityPageRequest {
  limit: number
  /** The `[at, id]` of the last entry of the previous page. */
  after?: [string, string]
  kind?: ActivityKind
  /** A recorded actor, as `recordedActor` spells it. */
  actor?: string
}

/**
 * One page of Settings → Activity, newest first, for a caller holding `settings.manage`; entries
 * about restricted records only for a caller who also holds `restricted.read`.
 */
export async function listActivity(ctx: DomainContext, request: ActivityPageRequest) {
  assertCapability(ctx, 'settings.manage')
  const seesRestricted = holdsCapability(ctx, 'restricted.read')
  const after = request.after
  const rows = await ctx.database.db.select().from(activity)
    .where(and(
      eq(activity.schoolId, ctx.school.id),
      request.kind === undefined ? undefined : eq(activity.kind, request.kind),
      request.actor === undefined ? undefined : eq(activity.actor, request.actor),
      seesRestricted ? undefined : notInArray(activity.kind, [...restrictedActivityKinds]),
      afterPosition(activity.at, activity.id, after, 'desc')
    ))
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(request.limit + 1)
  const labels = await actorLabels(ctx.database.db, ctx.school.id, rows.map(row => row.actor))
  return keysetSlice(rows, request.limit, row => ({
    id: row.id,
    at: row.at,
    actor: row.actor,
    actorLabel: labels.get(row.actor) ?? row.actor,
    kind: row.kind as ActivityKind,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    summary: row.summary,
    changes: row.changes ? JSON.parse(row.changes) as Record<string, FieldChange> : {}
  }), (last): [string, string] => [last.at, last.id])
}

/** Everyone who has acted in the school's Activity (at most 500), named for the screen's filter and sorted by that name. */
export async function listActivityActors(ctx: DomainContext) {
  assertCapability(ctx, 'settings.manage')
  const rows = await ctx.database.db.selectDistinct({ actor: activity.actor }).from(activity)
    .where(eq(activity.schoolId, ctx.school.id)).orderBy(activity.actor).limit(500)
  const labels = await actorLabels(ctx.database.db, ctx.school.id, rows.map(row => row.actor))
  return rows.map(row => ({ actor: row.actor, label: labels.get(row.actor) ?? row.actor }))
    .sort((a, b) => compareText(foldName(a.label), foldName(b.label)) || compareText(a.label, b.label))
}
