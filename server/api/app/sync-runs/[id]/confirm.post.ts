import { defineAppRoute } from '../../../../utils/app-route'
import { syncRunSchema } from '../../../../../shared/schemas/imports'
import { syncRunIdParams } from '../../../../../shared/schemas/imports-settings'
import { confirmSyncRun } from '../../../../domain/imports/sync-run-steps'

export default defineAppRoute({
  summary: 'Confirm a paused run: it applies whatever the thresholds say', tag: 'People sync', capability: 'settings.manage', module: 'people_sync',
  rateLimit: 30, stepUp: true,
  params: syncRunIdParams, response: syncRunSchema, errors: ['not_found', 'unprocessable', 'step_up_required']
}, ctx => confirmSyncRun(ctx, ctx.params.id))
