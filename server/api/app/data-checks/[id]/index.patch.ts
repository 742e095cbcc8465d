import { defineAppRoute } from '../../../../utils/app-route'
import { dataCheckChangeInput, dataCheckParams, dataCheckSchema } from '../../../../../shared/schemas/data-checks'
import { changeDataCheck } from '../../../../domain/data-checks/change-data-check'

/** Closes a data check early, or moves its closing day (today or later); `conflict` once it was closed. */
export default defineAppRoute({
  summary: 'Close a data check early or move its closing day', tag: 'Data checks', capability: 'families.manage', rateLimit: 30, module: 'people',
  params: dataCheckParams, body: dataCheckChangeInput, response: dataCheckSchema, errors: ['not_found', 'conflict']
}, ctx => changeDataCheck(ctx, ctx.params.id, ctx.body))
