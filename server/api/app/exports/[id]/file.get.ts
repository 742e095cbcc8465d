import { defineAppRoute } from '../../../../utils/app-route'
import { storedFileAnswer } from '../../../../utils/file-answer'
import { csvFileAnswer, exportFileParams } from '../../../../../shared/schemas/exports'
import { openExportFile } from '../../../../domain/exports/list-exports'
import { configuredExportStorage } from '../../../../domain/exports/storage/export-storage'

/** An export file streamed to the signed-in member, as `/api/v1/exports/{id}/file` streams it to a token. */
export default defineAppRoute({
  summary: 'Download an export file', tag: 'Exports', capability: 'export.read', module: 'exports', rateLimit: 60,
  params: exportFileParams, produces: 'text/csv; charset=utf-8', signedLink: true, response: csvFileAnswer, errors: ['not_found']
}, async (ctx) => {
  return storedFileAnswer(await openExportFile(ctx, configuredExportStorage(), ctx.params.id))
})
