import { defineAppRoute } from '../../../../../utils/app-route'
import { duplicatesSchema, recordIdParams } from '../../../../../../shared/schemas/admissions-office'
import { possibleDuplicates } from '../../../../../domain/admissions/possible-duplicates'

/** The enquiry's people who may already be on file, beside the candidates. */
export default defineAppRoute({
  summary: 'Possible duplicates of an enquiry\'s people', tag: 'Admissions', capability: 'admissions.manage', rateLimit: 120, module: 'admissions',
  params: recordIdParams('enq'), response: duplicatesSchema, errors: ['not_found']
}, ctx => possibleDuplicates(ctx, { type: 'enquiries', id: ctx.params.id }))
