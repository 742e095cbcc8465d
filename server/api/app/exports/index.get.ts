import { defineAppRoute } from '../../../utils/app-route'
import { exportSettingsSchema } from '../../../../shared/schemas/export-screens'
import { listExportFiles } from '../../../domain/exports/list-exports'
import { exportRetentionDays } from '../../../domain/exports/retention'
import { exportTables } from '../../../domain/exports/tables'

/** The newest file of each table the school exports, every table's name, and how long files are kept. */
export default defineAppRoute({
  summary: 'The school\'s export files and retention', tag: 'Exports', capability: 'export.read', rateLimit: 60, response: exportSettingsSchema
}, async (ctx) => {
  const listing = await listExportFiles(ctx)
  return {
    files: listing.files.map(({ id, key, fileName, rows, bytes, checksum, fileProducedAt }) =>
      ({ id, key, fileName, rows, bytes, checksum, producedAt: fileProducedAt })),
    tables: exportTables.map(table => table.key),
    retentionDays: await exportRetentionDays(ctx)
  }
})
