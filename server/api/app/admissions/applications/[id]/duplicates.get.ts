import { defineAppRoute } from '../../../../../utils/app-route'
import { applicationIdParams } from '../../../../../../shared/schemas/applications'
import { duplicatesSchema } from '../../../../../../shared/schemas/admissions-office'
import { possibleDuplicates } from '../../../../../domain/admissions/possible-duplicates'

/** The application's people who may already be on file, beside the candidates. */
export default defineAppRoute({
  summary: 'Possible duplicates of an application\'s people', tag: 'Admissions', capability: 'admissions.manage', rateLimit: 120, module: 'admissions',
  params: applicationIdParams, response: duplicatesSchema, errors: ['not_found']
}, ctx => possibleDuplicates(ctx, { type: 'applications', id: ctx.params.id }))
