import { defineApiRoute } from '../../../utils/api-route'
import { signExportGrant } from '../../../utils/export-grants'
import { exportListingSchema } from '../../../../shared/schemas/exports'
import { listExportFiles } from '../../../domain/exports/list-exports'

export default defineApiRoute({
  summary: 'List warehouse export files',
  description: 'The newest nightly CSV file of each table the school\'s modules export, with its row count, checksum and columns. Each `url` works for ten minutes after this answer, with the token that listed it. No restricted column is in any file.',
  tag: 'Exports',
  scope: 'export.read',
  rateLimit: 20,
  module: 'exports',
  response: exportListingSchema
}, async (ctx) => {
  const listing = await listExportFiles(ctx)
  return {
    producedAt: listing.producedAt,
    files: listing.files.map(({ id, bytes: _, fileProducedAt: _at, ...file }) => {
      const { grant, expiresAt } = signExportGrant(id, ctx.principal.limitKey)
      return { ...file, url: `/api/v1/exports/${id}/file?grant=${grant}`, expiresAt }
    })
  }
})
