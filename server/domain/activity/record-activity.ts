import { activity } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { recordedActor } from '../shared/actor'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import type { ActivityKind } from './activity-kinds'

/** A changed field's value before and after, as Activity shows it; `null` where there was none. */
export type FieldChange = [before: unknown, after: unknown]

export interface ActivityEntry {
  kind: ActivityKind
  /** What was changed or viewed: `school`, `role`, `token`, `oneroster_client`, `webhook`, `hris_mapping`, `sync_run`, `staff`, `person`. */
  subjectType: string
  subjectId?: string | null
  /** One plain line: what happened, naming the subject the way the screen does (never a child's name: ids only). */
  summary: string
  changes?: Record<string, FieldChange>
}

/** Only what changed: a field whose before and after read the same is left out. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {}
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[field] ?? null
    const now = after[field] ?? null
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = [was, now]
  }
  return changes
}

/**
 * Records one entry of Settings → Activity inside the transaction `tx` of the change it describes,
 * so the two commit or fail together. The caller's context says who acted.
 */
export async function recordActivity(tx: Db, ctx: Pick<DomainContext, 'school' | 'actor'>, entry: ActivityEntry): Promise<void> {
  await tx.insert(activity).values({
    id: newId('act'),
    schoolId: ctx.school.id,
    at: timestampNow(),
    actor: recordedActor(ctx.actor),
    kind: entry.kind,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    summary: entry.summary,
    changes: entry.changes && Object.keys(entry.changes).length ? JSON.stringify(entry.changes) : null
  })
}
