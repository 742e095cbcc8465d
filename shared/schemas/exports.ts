import { z } from 'zod'
import { columnClasses } from '../vocabulary'
import { apiSchemas, day, recordId, timestamp } from './common'

export const exportFileSchema = z.object({
  key: z.string()
    .describe('The table the file holds: `people`, `name_history`, `affiliations`, `parental_responsibilities`, `billing_responsibilities`, `concessions`, `enquiries`, and more as capabilities add theirs.'),
  fileName: z.string().describe('`<key>-<day>.csv`, the day the school\'s night it was produced for.'),
  rows: z.number().int().min(0).describe('Data rows, the header row not counted.'),
  checksum: z.string().regex(/^sha256:[0-9a-f]{64}$/).describe('`sha256:<hex>` of the file\'s bytes.'),
  url: z.string().describe('`/api/v1/exports/{id}/file?grant=…`: fetch it with the token that listed it, within ten minutes.'),
  expiresAt: timestamp.describe('When `url` stops working: ten minutes after this answer.'),
  columns: z.array(z.object({
    name: z.string().describe('The column\'s name in the header row.'),
    class: z.enum(columnClasses).exclude(['restricted']).describe('`general` or `personal`; restricted columns are never written.')
  })).describe('The file\'s columns, in order.')
}).register(apiSchemas, { id: 'ExportFile' })

export const exportListingSchema = z.object({
  files: z.array(exportFileSchema).describe('The newest file of each table the school\'s modules export; a table not yet produced is absent.'),
  producedAt: day.nullable().describe('The school\'s local day of the newest production; null before the first.')
}).register(apiSchemas, { id: 'ExportListing' })

export const exportFileParams = z.object({ id: recordId('exp').describe('The file\'s id, as its `url` names it.') })

export const exportFileQuery = z.strictObject({
  // Optional here so that a missing grant is `forbidden`, as a wrong one is, not `validation_failed`.
  grant: z.string().max(1024).optional().describe('The grant in the listing\'s `url`.')
})

/** What the pipeline checks of a file answer before streaming it (server/utils/file-answer.ts). */
export const csvFileAnswer = z.object({
  fileName: z.string().regex(/^[a-z][a-z_]*-\d{4}-\d{2}-\d{2}\.csv$/),
  contentType: z.literal('text/csv; charset=utf-8'),
  size: z.number().int().min(0)
})
