import { defineAppRoute } from '../../../../utils/app-route'
import { dataCheckParams, dataCheckProgressQuery, dataCheckProgressSchema } from '../../../../../shared/schemas/data-checks'
import { dataCheckProgress } from '../../../../domain/data-checks/list-data-checks'

/** One data check's progress per class: each homeroom's children and the adults asked about them by where they stand, paged. */
export default defineAppRoute({
  summary: 'A data check\'s progress per class', tag: 'Data checks', capability: 'families.manage', rateLimit: 120, module: 'people',
  params: dataCheckParams, query: dataCheckProgressQuery, response: dataCheckProgressSchema, errors: ['not_found']
}, async ctx => ctx.pageAnswer(await dataCheckProgress(ctx, ctx.params.id, ctx.page)))
