import { and, eq, inArray } from 'drizzle-orm'
import { syncRuns } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { domainError } from '../shared/domain-error'
import type { SyncRunStatus } from '../../../shared/vocabulary'
import { recordActivity } from '../activity/record-activity'
import type { ActivityKind } from '../activity/activity-kinds'
import { requireSyncRun, syncRunColumns, syncRunView, waitingForOf, type SyncRunRow } from './sync-runs'

/** Moves a run from one of `from` to `to`, announcing it; `unprocessable` from any other status. */
async function moveSyncRun(
  ctx: DomainContext, runId: string, from: SyncRunStatus[], to: Partial<SyncRunRow> & { status: SyncRunStatus }, verb: string, kind: ActivityKind
) {
  return writeChanges(ctx, async (tx, changes) => {
    const run = await requireSyncRun(tx, ctx.school, runId)
    if (!from.includes(run.status)) throw domainError('unprocessable', [`The run is ${run.status}; only a ${from.join(' or ')} run can be ${verb}.`])
    const [moved] = await tx.update(syncRuns).set(to).where(and(eq(syncRuns.id, runId), inArray(syncRuns.status, from))).returning(syncRunColumns)
    changes.record('sync_run.updated', 'sync_runs', runId)
    await recordActivity(tx, ctx, {
      kind, subjectType: 'sync_run', subjectId: runId, summary: `${verb[0]!.toUpperCase()}${verb.slice(1)} the ${run.system} sync run ${runId}`,
      changes: { status: [run.status, moved!.status] }
    })
    const waiting = await waitingForOf(tx, ctx.school, [moved!])
    return syncRunView(moved!, waiting.get(runId))
  })
}

/** Somebody at the school confirms a paused run: it is queued again and applies whatever the thresholds say. */
export function confirmSyncRun(ctx: DomainContext, runId: string) {
  return moveSyncRun(ctx, runId, ['paused'], { status: 'queued', confirmed: 1, reason: null }, 'confirmed', 'sync_run.confirmed')
}

/** Somebody at the school cancels a paused or queued run: nothing of it is applied. */
export function cancelSyncRun(ctx: DomainContext, runId: string) {
  return moveSyncRun(ctx, runId, ['paused', 'queued'], { status: 'cancelled', file: '' }, 'cancelled', 'sync_run.cancelled')
}
