import { and, eq } from 'drizzle-orm'
import { exportFiles } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { schoolColumnClasses } from './column-classes'
import { tablesExportedBy } from './exported-tables'
import { produceExportFile, type ProduceFileOptions } from './produce-file'
import { pruneExportFiles } from './retention'
import { readLagTolerant } from '../shared/read-database'
import type { ExportStorage } from './storage/export-storage'

export interface ProduceExportsOptions {
  storage: ExportStorage
  /** The school's local day the files are for; today there unless given. */
  night?: string
  /** Leave out tables that already have a file for this night (a night taken up after a crash). */
  resume?: boolean
  batchSize?: number
  afterBatch?: ProduceFileOptions['afterBatch']
  /** Called after each file: a worker renews its lease there. */
  afterFile?: () => Promise<void>
}

/**
 * Produces one file per table the school's switched-on modules export, then prunes files past the
 * school's retention. Returns the files made, in table order.
 */
export async function produceSchoolExports(ctx: DomainContext, options: ProduceExportsOptions) {
  const night = options.night ?? todayInZone(ctx.school.timeZone)
  const classes = await schoolColumnClasses(ctx)
  const done = options.resume
    ? new Set((await ctx.database.db.select({ tableKey: exportFiles.tableKey }).from(exportFiles)
        .where(and(eq(exportFiles.schoolId, ctx.school.id), eq(exportFiles.night, night)))).map(row => row.tableKey))
    : new Set<string>()
  const files = []
  for (const table of tablesExportedBy(ctx.school)) {
    if (done.has(table.key)) continue
    // Each file's rows are read from the read replica when there is a fit one: the night's heaviest reads, and a few
    // seconds' lag changes nothing in them. A replica that fails mid-file has the file read again from the primary.
    files.push(await readLagTolerant(ctx, reads => produceExportFile(reads, table, {
      storage: options.storage, night, classes, batchSize: options.batchSize, afterBatch: options.afterBatch
    })))
    await options.afterFile?.()
  }
  await pruneExportFiles(ctx, options.storage)
  return files
}
