import { defineAppRoute } from '../../../utils/app-route'
import { hrisPreviewInputSchema, hrisPreviewSchema } from '../../../../shared/schemas/imports-settings'
import { previewStaffRows } from '../../../domain/imports/import-staff'

export default defineAppRoute({
  summary: 'How a sample\'s first lines read by a mapping being made', tag: 'HRIS import', capability: 'settings.manage', module: 'staff_import',
  rateLimit: 600,
  body: hrisPreviewInputSchema, response: hrisPreviewSchema
}, async ctx => ({ items: previewStaffRows(ctx.body.header, ctx.body.lines, ctx.body) }))
