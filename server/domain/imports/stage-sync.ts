import { setImmediate as nextTurn } from 'node:timers/promises'
import { and, desc, eq } from 'drizzle-orm'
import { syncRuns } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../days/clock'
import { parseInput } from '../shared/domain-error'
import { peopleSyncInputSchema } from '../../../shared/schemas/imports'
import type { SyncRunStatus } from '../../../shared/vocabulary'
import { checkCsvText } from './read-csv'
import { readSyncFile } from './sync-file'
import { syncRunView, waitingForOf } from './sync-runs'

/**
 * Stages a people sync (docs/imports.md): the file is read at once. Any unreadable line makes the
 * run `failed`, every such line named, and nothing is applied; otherwise the run is `queued` and a
 * worker applies it (applySyncRun).
 */
export async function stageSync(ctx: DomainContext, input: { system: string, scope: 'full' | 'changes', file: string }) {
  const { system, scope, file } = parseInput(peopleSyncInputSchema, input)
  checkCsvText(file, 'file')
  await nextTurn()
  const read = await readSyncFile(ctx.database.db, ctx.school, file)
  const failed = read.unreadableCount > 0
  const now = timestampNow()
  const row = {
    id: newId('run'),
    schoolId: ctx.school.id,
    system,
    scope,
    status: (failed ? 'failed' : 'queued') as SyncRunStatus,
    reason: failed ? `${read.unreadableCount} line${read.unreadableCount === 1 ? '' : 's'} of the file could not be read; nothing was applied.` : null,
    confirmed: 0,
    runDay: todayInZone(ctx.school.timeZone),
    // A failed run is never applied, so its file is not kept.
    file: failed ? '' : file,
    unreadable: JSON.stringify(read.unreadable),
    problems: JSON.stringify(read.problems),
    rows: read.lines,
    createdAt: now
  }
  return writeChanges(ctx, async (tx, changes) => {
    // The school's lock is held: runs are stamped in the order they are received, whatever the instances' clocks say.
    const [latest] = await tx.select({ createdAt: syncRuns.createdAt }).from(syncRuns)
      .where(and(eq(syncRuns.schoolId, ctx.school.id), eq(syncRuns.system, system))).orderBy(desc(syncRuns.createdAt)).limit(1)
    if (latest && latest.createdAt >= row.createdAt) row.createdAt = new Date(Date.parse(latest.createdAt) + 1).toISOString()
    await tx.insert(syncRuns).values(row)
    changes.record('sync_run.updated', 'sync_runs', row.id)
    const staged = { ...row, done: 0, created: 0, amended: 0, absent: 0, unchanged: 0, appliedAt: null, revertedAt: null, leaseOwner: null, leaseUntil: null }
    const waiting = await waitingForOf(tx, ctx.school, [staged])
    return {
      run: syncRunView(staged, waiting.get(row.id)),
      unreadable: read.unreadable,
      unreadableNotListed: read.unreadableCount - read.unreadable.length,
      problems: read.problems,
      problemsNotListed: read.problemsCount - read.problems.length
    }
  })
}
