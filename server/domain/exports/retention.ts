import { and, eq, inArray, lt } from 'drizzle-orm'
import { exportFiles, exportSettings } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { currentTime } from '../days/clock'
import type { ExportStorage } from './storage/export-storage'
import { recordActivity } from '../activity/record-activity'

export const defaultRetentionDays = 30

export async function exportRetentionDays({ database, school }: Pick<DomainContext, 'database' | 'school'>): Promise<number> {
  const [row] = await database.db.select().from(exportSettings).where(eq(exportSettings.schoolId, school.id))
  return row?.retentionDays ?? defaultRetentionDays
}

/** Sets how many days the school's export files are kept (1 to 3650). */
export async function setExportRetention(ctx: DomainContext, days: number) {
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw domainError('unprocessable', ['Export retention is a whole number of days from 1 to 3650.'])
  await ctx.database.transaction(async (tx) => {
    const [before] = await tx.select({ retentionDays: exportSettings.retentionDays }).from(exportSettings).where(eq(exportSettings.schoolId, ctx.school.id))
    const was = before?.retentionDays ?? defaultRetentionDays
    await tx.insert(exportSettings).values({ schoolId: ctx.school.id, retentionDays: days })
      .onConflictDoUpdate({ target: exportSettings.schoolId, set: { retentionDays: days } })
    if (was !== days) {
      await recordActivity(
        tx, ctx,
        { kind: 'retention.changed', subjectType: 'exports', summary: `Export files are now kept ${days} days`, changes: { retentionDays: [was, days] } }
      )
    }
  })
  return { retentionDays: days }
}

/**
 * Removes the school's files older than its retention, except the newest of each table, which stays
 * listed however old it is.
 */
export async function pruneExportFiles(ctx: DomainContext, storage: ExportStorage, now = currentTime()) {
  const cutoff = new Date(now.getTime() - await exportRetentionDays(ctx) * 86_400_000).toISOString()
  const old = await ctx.database.db.select({
    id: exportFiles.id, tableKey: exportFiles.tableKey, storageKey: exportFiles.storageKey, producedAt: exportFiles.producedAt
  })
    .from(exportFiles).where(and(eq(exportFiles.schoolId, ctx.school.id), lt(exportFiles.producedAt, cutoff)))
  if (old.length === 0) return 0
  const newest = await newestFileIds(ctx)
  const doomed = old.filter(file => !newest.has(file.id))
  // Bytes first, then the rows, a batch at a time: a store that fails stops here with the rows of the files it still
  // holds, which the next production prunes again (never rows gone and files left that nothing names). A pruned file is
  // never the newest of its table, so no listing names one whose bytes went first.
  for (let i = 0; i < doomed.length; i += 500) {
    const batch = doomed.slice(i, i + 500)
    for (const file of batch) await storage.remove(file.storageKey)
    await ctx.database.transaction(tx => tx.delete(exportFiles).where(inArray(exportFiles.id, batch.map(file => file.id))))
  }
  return doomed.length
}

/** The id of the newest file of each table the school has files of. */
async function newestFileIds({ database, school }: DomainContext) {
  const files = await database.db.select({ id: exportFiles.id, tableKey: exportFiles.tableKey, producedAt: exportFiles.producedAt })
    .from(exportFiles).where(eq(exportFiles.schoolId, school.id))
  const newest = new Map<string, { id: string, producedAt: string }>()
  for (const file of files) {
    const seen = newest.get(file.tableKey)
    if (!seen || file.producedAt > seen.producedAt || (file.producedAt === seen.producedAt && file.id > seen.id)) newest.set(file.tableKey, file)
  }
  return new Set([...newest.values()].map(file => file.id))
}
