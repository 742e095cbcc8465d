import { and, desc, eq } from 'drizzle-orm'
import { hrisMappings, staffImports } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { listSlice } from '../shared/list-slice'
import { hrisSampleLines } from '../../../shared/schemas/imports-settings'
import type { ImportProblem, StaffImportCounts } from '../../../shared/schemas/imports'
import { checkCsvText, isUnreadable, maxCsvColumns, readCsvLines, type UnreadableLine } from './read-csv'

/**
 * A sample of the school's HRIS export, for the settings screen to map: its columns and first lines
 * as the import's reader reads them (read-csv.ts). Reading stops after the first lines, so an 8 MiB
 * sample costs no more than a small one once it has arrived.
 */
export async function readHrisSample(csv: string) {
  checkCsvText(csv, 'csv')
  const lines: { line: number, values: string[] }[] = []
  const unreadable: UnreadableLine[] = []
  let columns: string[] | null = null
  for await (const record of readCsvLines(csv)) {
    if (isUnreadable(record)) unreadable.push(record)
    else if (!columns) columns = record.fields.map(name => name.trim())
    else lines.push({ line: record.line, values: record.fields })
    if (lines.length + unreadable.length >= hrisSampleLines) break
  }
  if (!columns) throw domainError('unprocessable', ['The file has no header line to read the columns from.'])
  if (columns.length > maxCsvColumns) {
    throw domainError('unprocessable', [`Line 1 (the header) has ${columns.length} columns; a file may have at most ${maxCsvColumns}.`])
  }
  return { columns, lines, unreadable }
}

/** One page of the school's staff imports, newest first, with their counts; `after` is the previous page's last `[createdAt, id]`. */
export async function listStaffImports(ctx: DomainContext, request: { limit: number, after?: [string, string] }) {
  const { after } = request
  const rows = await ctx.database.db.select({
    id: staffImports.id, mappingId: staffImports.mappingId, mappingName: hrisMappings.name, counts: staffImports.counts,
    createdAt: staffImports.createdAt
  })
    .from(staffImports).leftJoin(hrisMappings, eq(hrisMappings.id, staffImports.mappingId))
    .where(and(eq(staffImports.schoolId, ctx.school.id), afterPosition(staffImports.createdAt, staffImports.id, after, 'desc')))
    .orderBy(desc(staffImports.createdAt), desc(staffImports.id)).limit(request.limit + 1)
  return keysetSlice(
    rows, request.limit, row => ({ ...row, counts: JSON.parse(row.counts) as StaffImportCounts }),
    (last): [string, string] => [last.createdAt, last.id]
  )
}

/** One page of the problems a staff import kept, by row; `not_found` for another school's import. */
export async function staffImportProblems(ctx: DomainContext, importId: string, request: { limit: number, after?: [number] }) {
  const [row] = await ctx.database.db.select({ problems: staffImports.problems }).from(staffImports)
    .where(and(eq(staffImports.schoolId, ctx.school.id), eq(staffImports.id, importId)))
  if (!row) throw domainError('not_found', [`No staff import with the id ${importId}.`])
  return listSlice(JSON.parse(row.problems) as ImportProblem[], request)
}
