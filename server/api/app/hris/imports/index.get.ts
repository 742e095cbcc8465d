import { defineAppRoute } from '../../../../utils/app-route'
import { importsPageQuery, staffImportPageSchema } from '../../../../../shared/schemas/imports-settings'
import { listStaffImports } from '../../../../domain/imports/hris-sample'

export default defineAppRoute({
  summary: 'The school\'s staff imports, newest first, with their counts', tag: 'HRIS import', capability: 'settings.manage', module: 'staff_import',
  rateLimit: 120,
  query: importsPageQuery, response: staffImportPageSchema
}, async ctx => ctx.pageAnswer(await listStaffImports(ctx, ctx.page)))
