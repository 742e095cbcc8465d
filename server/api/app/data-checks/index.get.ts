import { defineAppRoute } from '../../../utils/app-route'
import { dataChecksSchema } from '../../../../shared/schemas/data-checks'
import { listDataChecks } from '../../../domain/data-checks/list-data-checks'

/** The school's data checks, newest first, each with how many adults it asks and where they stand. */
export default defineAppRoute({
  summary: 'The school\'s data checks', tag: 'Data checks', capability: 'families.manage', rateLimit: 120, module: 'people',
  response: dataChecksSchema
}, ctx => listDataChecks(ctx))
