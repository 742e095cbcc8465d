import { defineAppRoute } from '../../../utils/app-route'
import { dataCheckInput, dataCheckSchema } from '../../../../shared/schemas/data-checks'
import { startDataCheck } from '../../../domain/data-checks/start-data-check'

/** Starts a data check: the audience's adults with `details` standing today are asked, and told by a notice. */
export default defineAppRoute({
  summary: 'Start a data check', tag: 'Data checks', capability: 'families.manage', rateLimit: 10, module: 'people', status: 201,
  body: dataCheckInput, response: dataCheckSchema, errors: ['audience_unknown', 'audience_empty']
}, ctx => startDataCheck(ctx, ctx.body))
