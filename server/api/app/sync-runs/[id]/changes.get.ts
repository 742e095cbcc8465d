import { defineAppRoute } from '../../../../utils/app-route'
import { syncChangePageSchema, syncChangesQuery, syncRunIdParams } from '../../../../../shared/schemas/imports-settings'
import { syncRunChangesPage } from '../../../../domain/imports/sync-changes'

export default defineAppRoute({
  summary: 'The people a run would create, amend or close (paused), or did (applied or reverted), each field before and after', tag: 'People sync',
  capability: 'settings.manage', module: 'people_sync', rateLimit: 120,
  params: syncRunIdParams, query: syncChangesQuery, response: syncChangePageSchema, errors: ['not_found']
}, async ctx => ctx.pageAnswer(await syncRunChangesPage(ctx, ctx.params.id, ctx.query.kind, ctx.page)))
