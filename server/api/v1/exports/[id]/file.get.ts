import { defineApiRoute } from '../../../../utils/api-route'
import { checkExportGrant } from '../../../../utils/export-grants'
import { storedFileAnswer } from '../../../../utils/file-answer'
import { csvFileAnswer, exportFileParams, exportFileQuery } from '../../../../../shared/schemas/exports'
import { openExportFile } from '../../../../domain/exports/list-exports'
import { configuredExportStorage } from '../../../../domain/exports/storage/export-storage'

export default defineApiRoute({
  summary: 'Fetch a warehouse export file',
  description: 'The CSV file as an attachment under its own name, streamed; where the deployment keeps files in an S3-compatible bucket, a 302 to the bucket\'s signed link to it, which works for 60 seconds. Call the `url` the listing gave, with the token that listed it, within ten minutes: a grant of another token, of another file, changed, missing or expired is `forbidden`, and the detail says which.',
  tag: 'Exports',
  scope: 'export.read',
  rateLimit: 60,
  module: 'exports',
  params: exportFileParams,
  query: exportFileQuery,
  produces: 'text/csv; charset=utf-8',
  signedLink: true,
  response: csvFileAnswer,
  errors: ['not_found']
}, async (ctx) => {
  checkExportGrant(ctx.query.grant, ctx.params.id, ctx.principal.limitKey)
  return storedFileAnswer(await openExportFile(ctx, configuredExportStorage(), ctx.params.id))
})
