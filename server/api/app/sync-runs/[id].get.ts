import { defineAppRoute } from '../../../utils/app-route'
import { syncRunDetailSchema, syncRunIdParams } from '../../../../shared/schemas/imports-settings'
import { syncRunDetail } from '../../../domain/imports/sync-changes'

/** The run page polls this while a run applies: its limit allows one a second and more. */
export default defineAppRoute({
  summary: 'A people sync run: its status, counts, progress and why it paused or failed', tag: 'People sync', capability: 'settings.manage',
  module: 'people_sync', rateLimit: 300,
  params: syncRunIdParams, response: syncRunDetailSchema, errors: ['not_found']
}, ctx => syncRunDetail(ctx, ctx.params.id))
