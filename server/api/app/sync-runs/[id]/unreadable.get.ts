import { defineAppRoute } from '../../../../utils/app-route'
import { importsPageQuery, syncRunIdParams, unreadableLinePageSchema } from '../../../../../shared/schemas/imports-settings'
import { syncRunUnreadablePage } from '../../../../domain/imports/sync-changes'

export default defineAppRoute({
  summary: 'The lines of a run\'s file that could not be read, by line number, with the reason', tag: 'People sync', capability: 'settings.manage',
  module: 'people_sync', rateLimit: 120,
  params: syncRunIdParams, query: importsPageQuery, response: unreadableLinePageSchema, errors: ['not_found']
}, async ctx => ctx.pageAnswer(await syncRunUnreadablePage(ctx, ctx.params.id, ctx.page)))
