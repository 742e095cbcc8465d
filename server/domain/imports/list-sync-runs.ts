import { and, desc, eq } from 'drizzle-orm'
import { syncRuns } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import type { SyncRunView } from '../../../shared/schemas/imports'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { requireSyncRun, syncRunColumns, syncRunView, waitingForOf } from './sync-runs'

/** A run with what the file said: its unreadable lines and problems. */
export async function showSyncRun(ctx: DomainContext, runId: string) {
  const { database, school } = ctx
  const run = await requireSyncRun(database.db, school, runId)
  const [detail] = await database.db.select({ unreadable: syncRuns.unreadable, problems: syncRuns.problems }).from(syncRuns).where(eq(syncRuns.id, runId))
  const waiting = await waitingForOf(database.db, school, [run])
  return { run: syncRunView(run, waiting.get(run.id)), unreadable: JSON.parse(detail!.unreadable), problems: JSON.parse(detail!.problems) }
}

/** One page of the school's runs, newest first; `after` is the `[createdAt, id]` of the previous page's last run. */
export async function listSyncRunsPage(ctx: DomainContext, request: { limit: number, after?: [string, string] }) {
  const { database, school } = ctx
  const { after } = request
  const rows = await database.db.select(syncRunColumns).from(syncRuns)
    .where(and(eq(syncRuns.schoolId, school.id), afterPosition(syncRuns.createdAt, syncRuns.id, after, 'desc')))
    .orderBy(desc(syncRuns.createdAt), desc(syncRuns.id)).limit(request.limit + 1)
  const waiting = await waitingForOf(database.db, school, rows.slice(0, request.limit))
  return keysetSlice(rows, request.limit, row => syncRunView(row, waiting.get(row.id)), (last): [string, string] => [last.createdAt, last.id])
}

/** The school's runs, newest first (at most `limit`). */
export async function listSyncRuns(ctx: DomainContext, limit = 100): Promise<SyncRunView[]> {
  return (await listSyncRunsPage(ctx, { limit })).items
}
