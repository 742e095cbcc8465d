import { defineAppRoute } from '../../../../utils/app-route'
import { boardCountsSchema } from '../../../../../shared/schemas/admissions-office'
import { boardCounts } from '../../../../domain/admissions/application-board'

/** How many applications each column of the board holds. */
export default defineAppRoute({
  summary: 'Applications in each state', tag: 'Admissions', capability: 'admissions.manage', rateLimit: 600, module: 'admissions',
  response: boardCountsSchema, keep: 'school-data'
}, ctx => boardCounts(ctx))
