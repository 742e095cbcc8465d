import { defineAppRoute } from '../../../../../utils/app-route'
import { z } from 'zod'
import { applicationIdParams } from '../../../../../../shared/schemas/applications'
import { duplicateDecisionSchema } from '../../../../../../shared/schemas/admissions-office'
import { decideDuplicate } from '../../../../../domain/admissions/possible-duplicates'

/** Links one of the application's people to a person on file, or keeps them as a new person. */
export default defineAppRoute({
  summary: 'Decide a possible duplicate of an application', tag: 'Admissions', capability: 'admissions.manage', rateLimit: 60, module: 'admissions',
  params: applicationIdParams, body: duplicateDecisionSchema, response: z.object({ path: z.string(), personId: z.string().nullable() }),
  errors: ['not_found', 'conflict']
}, ctx => decideDuplicate(ctx, { type: 'applications', id: ctx.params.id }, ctx.body))
