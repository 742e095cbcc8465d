import { defineAppRoute } from '../../../../utils/app-route'
import { syncRunSchema } from '../../../../../shared/schemas/imports'
import { syncRunIdParams } from '../../../../../shared/schemas/imports-settings'
import { revertSyncRun } from '../../../../domain/imports/revert-sync'

export default defineAppRoute({
  summary: 'Undo an applied run, unless a record it changed moved on since', tag: 'People sync', capability: 'settings.manage', module: 'people_sync',
  rateLimit: 30, stepUp: true,
  params: syncRunIdParams, response: syncRunSchema, errors: ['not_found', 'unprocessable', 'step_up_required', 'conflict']
}, ctx => revertSyncRun(ctx, ctx.params.id))
