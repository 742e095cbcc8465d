import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { and, asc, eq, gt } from 'drizzle-orm'
import { exportFiles, type ColumnClass } from '../../../db/schema'
import { privateFileMode, privateFolderMode } from '../../../db/private-files'
import type { DomainContext } from '../shared/context'
import { csvStream } from '../shared/csv-stream'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { writeChanges } from '../shared/write-changes'
import type { ExportTable } from './export-table'
import type { ExportStorage } from './storage/export-storage'
import { writtenColumns } from './column-classes'

export interface ProduceFileOptions {
  storage: ExportStorage
  /** The school's local day the file is for. */
  night: string
  /** The school's column classes (column-classes.ts), read once for the whole production. */
  classes: Map<string, ColumnClass>
  /** Rows read per query; the file is never in memory, whatever its size. */
  batchSize?: number
  /** Called after each batch of rows: a worker renews its lease there and reports progress. */
  afterBatch?: (progress: { table: string, rows: number }) => Promise<void> | void
}

/** The rows of `table` for the school, in keyset batches by id: one batch in memory at a time. */
async function* tableRows(
  ctx: DomainContext, table: ExportTable, columns: ReturnType<typeof writtenColumns>, options: ProduceFileOptions, counter: { rows: number }
) {
  const batchSize = options.batchSize ?? 1000
  if ('rows' in table) {
    for await (const row of table.rows(ctx)) {
      yield columns.map(column => row[column.name])
      if (++counter.rows % batchSize === 0) await options.afterBatch?.({ table: table.key, rows: counter.rows })
    }
    return
  }
  const selection = Object.fromEntries([['__key', table.id], ...columns.map((column, i) => [`c${i}`, column.value!])])
  let after: string | undefined
  for (;;) {
    const batch = await ctx.database.db.select(selection).from(table.from)
      .where(and(eq(table.schoolId, ctx.school.id), table.where, after === undefined ? undefined : gt(table.id, after)))
      .orderBy(asc(table.id)).limit(batchSize) as Record<string, unknown>[]
    for (const row of batch) yield columns.map((_, i) => row[`c${i}`])
    counter.rows += batch.length
    if (batch.length < batchSize) return
    await options.afterBatch?.({ table: table.key, rows: counter.rows })
    after = String(batch.at(-1)!.__key)
  }
}

/** Counts bytes and hashes them on their way to the file. */
function measuring() {
  const hash = createHash('sha256')
  let bytes = 0
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      bytes += chunk.length
      done(null, chunk)
    }
  })
  return { stream, result: () => ({ bytes, sha256Hex: hash.digest('hex') }) }
}

/**
 * Writes one table's file for the school and lists it. The bytes go to a scratch file first and to
 * storage once complete; the file is listed (and `export.produced` announced) only after that, so a
 * production that dies at any point leaves no listed file, only scratch for the next run to write over.
 */
export async function produceExportFile(ctx: DomainContext, table: ExportTable, options: ProduceFileOptions) {
  const columns = writtenColumns(table, options.classes)
  const id = newId('exp')
  const fileName = `${table.key}-${options.night}.csv`
  const scratchPath = join(options.storage.scratch, `${id}.csv`)
  await mkdir(options.storage.scratch, { recursive: true, mode: privateFolderMode })
  const counter = { rows: 0 }
  const measure = measuring()
  try {
    await pipeline(
      Readable.from(tableRows(ctx, table, columns, options, counter)),
      csvStream(columns.map(column => column.name), 'neutralise'),
      measure.stream,
      createWriteStream(scratchPath, { mode: privateFileMode })
    )
    const file = measure.result()
    const storageKey = `${ctx.school.id}/${id}.csv`
    await options.storage.keep(storageKey, scratchPath, file)
    const record = {
      id,
      schoolId: ctx.school.id,
      tableKey: table.key,
      fileName,
      storageKey,
      night: options.night,
      rows: counter.rows,
      columns: JSON.stringify(columns.map(column => ({ name: column.name, class: column.class }))),
      checksum: `sha256:${file.sha256Hex}`,
      bytes: file.bytes,
      producedAt: timestampNow()
    }
    await writeChanges(ctx, async (tx, changes) => {
      await tx.insert(exportFiles).values(record)
      changes.record('export.produced', 'export_files', id)
    })
    return record
  } finally {
    await rm(scratchPath, { force: true })
  }
}
