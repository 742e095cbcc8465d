import { defineAppRoute } from '../../../utils/app-route'
import { importsPageQuery, syncRunPageSchema } from '../../../../shared/schemas/imports-settings'
import { listSyncRunsPage } from '../../../domain/imports/list-sync-runs'

export default defineAppRoute({
  summary: 'The school\'s people sync runs, newest first', tag: 'People sync', capability: 'settings.manage', module: 'people_sync', rateLimit: 300,
  query: importsPageQuery, response: syncRunPageSchema
}, async ctx => ctx.pageAnswer(await listSyncRunsPage(ctx, ctx.page)))
