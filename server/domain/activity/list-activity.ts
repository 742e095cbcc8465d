import { and, desc, eq, inArray, lt, notInArray, or } from 'drizzle-orm'
import { activity, apiTokens, staffAccounts } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { keysetSlice } from '../shared/keyset-slice'
import { assertCapability, holdsCapability } from '../access/access'
import { restrictedActivityKinds, type ActivityKind } from './activity-kinds'
import type { FieldChange } from './record-activity'

export interface ActivityPageRequest {
  limit: number
  /** The `[at, id]` of the last entry of the previous page. */
  after?: [string, string]
  kind?: ActivityKind
  /** A recorded actor (`staff:acc_…`, `system:cli`). */
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
      after ? or(lt(activity.at, after[0]), and(eq(activity.at, after[0]), lt(activity.id, after[1]))) : undefined
    ))
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(request.limit + 1)
  const labels = await actorLabels(ctx, rows.map(row => row.actor))
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

/** How the screen names the service acting for itself. */
const systemWords: Record<string, string> = {
  'system:cli': 'the admin CLI',
  'system:first-start': 'the first start of the server',
  'system:demo': 'the demo school\'s set-up',
  'system:exports:produce': 'the export task',
  'system:sync:apply': 'the people sync worker',
  'system:webhooks:deliver': 'the webhook worker',
  'system:bench': 'the benchmark',
  'system:test': 'the tests'
}

/**
 * Each recorded actor as a person reads it: a member of staff by their email, a token by its
 * purpose, the service by what it was doing (`system:cli` is "the admin CLI").
 */
export async function actorLabels(ctx: DomainContext, actors: string[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>()
  const staffIds = new Set<string>()
  const tokenIds = new Set<string>()
  for (const actor of new Set(actors)) {
    if (actor.startsWith('staff:')) staffIds.add(actor.slice(6))
    else if (actor.startsWith('token:')) tokenIds.add(actor.slice(6))
    else labels.set(actor, systemWords[actor] ?? actor.replace(/^system:/, 'the service: '))
  }
  if (staffIds.size) {
    const rows = await ctx.database.db.select({ id: staffAccounts.id, email: staffAccounts.email }).from(staffAccounts)
      .where(and(eq(staffAccounts.schoolId, ctx.school.id), inArray(staffAccounts.id, [...staffIds])))
    for (const row of rows) labels.set(`staff:${row.id}`, row.email)
  }
  if (tokenIds.size) {
    const rows = await ctx.database.db.select({ id: apiTokens.id, purpose: apiTokens.purpose }).from(apiTokens)
      .where(and(eq(apiTokens.schoolId, ctx.school.id), inArray(apiTokens.id, [...tokenIds])))
    for (const row of rows) labels.set(`token:${row.id}`, `the token "${row.purpose}"`)
  }
  return labels
}

/** Everyone who has acted in the school's Activity (at most 500), named for the screen's filter and sorted by that name. */
export async function listActivityActors(ctx: DomainContext) {
  assertCapability(ctx, 'settings.manage')
  const rows = await ctx.database.db.selectDistinct({ actor: activity.actor }).from(activity)
    .where(eq(activity.schoolId, ctx.school.id)).orderBy(activity.actor).limit(500)
  const labels = await actorLabels(ctx, rows.map(row => row.actor))
  return rows.map(row => ({ actor: row.actor, label: labels.get(row.actor) ?? row.actor }))
    .sort((a, b) => a.label.localeCompare(b.label))
}
