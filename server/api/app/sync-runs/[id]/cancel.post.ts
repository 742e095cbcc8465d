import { defineAppRoute } from '../../../../utils/app-route'
import { syncRunSchema } from '../../../../../shared/schemas/imports'
import { syncRunIdParams } from '../../../../../shared/schemas/imports-settings'
import { cancelSyncRun } from '../../../../domain/imports/sync-run-steps'

export default defineAppRoute({
  summary: 'Cancel a paused or queued run: nothing of it is applied', tag: 'People sync', capability: 'settings.manage', module: 'people_sync',
  rateLimit: 30, stepUp: true,
  params: syncRunIdParams, response: syncRunSchema, errors: ['not_found', 'unprocessable', 'step_up_required']
}, ctx => cancelSyncRun(ctx, ctx.params.id))
