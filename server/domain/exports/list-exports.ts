import { and, desc, eq } from 'drizzle-orm'
import { exportFiles, type ColumnClass } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { dayInZone } from '../days/clock'
import { domainError } from '../shared/domain-error'
import { schoolColumnClasses, writtenColumns } from './column-classes'
import { tablesExportedBy } from './exported-tables'
import type { ExportTable } from './export-table'
import type { ExportStorage } from './storage/export-storage'
import { openStoredFile, type StoredFileAnswer } from './storage/stored-file'

type ExportFileRow = typeof exportFiles.$inferSelect

interface WrittenColumn {
  name: string
  class: Exclude<ColumnClass, 'restricted'>
}

/**
 * Whether a file may still be handed out: every column it holds is still written under the school's
 * classes. A column the school has since made restricted takes the file out of the listing and
 * makes it unfetchable at once, not only from the next night on.
 */
function servable(table: ExportTable, file: ExportFileRow, classes: Map<string, ColumnClass>) {
  const allowed = new Set(writtenColumns(table, classes).map(column => column.name))
  return (JSON.parse(file.columns) as WrittenColumn[]).every(column => allowed.has(column.name))
}

/**
 * The newest file of each table the school's modules export; a table never produced (or whose
 * newest file holds a column since restricted) is absent. `producedAt` is the school's local day of
 * the newest of them, null before the first production.
 */
export async function listExportFiles(ctx: DomainContext) {
  const tables = tablesExportedBy(ctx.school)
  const classes = await schoolColumnClasses(ctx)
  const rows = await ctx.database.db.select().from(exportFiles)
    .where(eq(exportFiles.schoolId, ctx.school.id))
    .orderBy(desc(exportFiles.producedAt), desc(exportFiles.id))
  const files = tables.flatMap((table) => {
    const newest = rows.find(row => row.tableKey === table.key)
    return newest && servable(table, newest, classes) ? [newest] : []
  })
  const latest = files.reduce<string | undefined>((max, file) => (max === undefined || file.producedAt > max ? file.producedAt : max), undefined)
  return {
    files: files.map(file => ({
      id: file.id,
      key: file.tableKey,
      fileName: file.fileName,
      rows: file.rows,
      bytes: file.bytes,
      checksum: file.checksum,
      columns: JSON.parse(file.columns) as WrittenColumn[],
      /** When this file was produced (the listing's own `producedAt` is the day of the newest). */
      fileProducedAt: file.producedAt
    })),
    producedAt: latest ? dayInZone(new Date(latest), ctx.school.timeZone) : null
  }
}

/**
 * One of the school's files, to stream or, from a bucket, to fetch by its signed link: `not_found` for another school's, a
 * pruned one, or one the school's modules or classes no longer let out; `internal` while the bucket is down.
 */
export async function openExportFile(
  ctx: DomainContext, storage: ExportStorage, fileId: string
): Promise<StoredFileAnswer<'text/csv; charset=utf-8'>> {
  const [file] = await ctx.database.db.select().from(exportFiles).where(and(eq(exportFiles.id, fileId), eq(exportFiles.schoolId, ctx.school.id)))
  const table = tablesExportedBy(ctx.school).find(candidate => candidate.key === file?.tableKey)
  if (!file || !table || !servable(table, file, await schoolColumnClasses(ctx))) throw domainError('not_found', [`No export file has the id ${fileId}.`])
  return openStoredFile(storage, file.storageKey, { fileName: file.fileName, contentType: 'text/csv; charset=utf-8' as const, size: file.bytes })
}
