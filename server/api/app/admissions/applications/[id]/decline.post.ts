import { defineAppRoute } from '../../../../../utils/app-route'
import { z } from 'zod'
import { applicationIdParams } from '../../../../../../shared/schemas/applications'
import { officeStepAnswerSchema } from '../../../../../../shared/schemas/admissions-office'
import { declineOffer } from '../../../../../domain/admissions/office-steps'

/** Records that the family declined the offer: offered → declined. */
export default defineAppRoute({
  summary: 'Record the family\'s decline', tag: 'Admissions', capability: 'admissions.manage', rateLimit: 60, module: 'admissions',
  params: applicationIdParams, body: z.strictObject({}), response: officeStepAnswerSchema, errors: ['not_found', 'unprocessable']
}, async (ctx) => {
  const application = await declineOffer(ctx, ctx.params.id)
  return { id: application.id, state: application.state }
})
