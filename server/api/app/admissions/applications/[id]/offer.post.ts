import { defineAppRoute } from '../../../../../utils/app-route'
import { applicationIdParams, offerInputSchema } from '../../../../../../shared/schemas/applications'
import { officeStepAnswerSchema } from '../../../../../../shared/schemas/admissions-office'
import { offerApplication } from '../../../../../domain/admissions/office-steps'

/** The office offers a place: submitted → offered, from a first day on the roll and, optionally, at a campus. */
export default defineAppRoute({
  summary: 'Offer a place', tag: 'Admissions', capability: 'admissions.manage', rateLimit: 60, module: 'admissions',
  params: applicationIdParams, body: offerInputSchema, response: officeStepAnswerSchema, errors: ['not_found', 'unprocessable']
}, async (ctx) => {
  const application = await offerApplication(ctx, ctx.params.id, ctx.body)
  return { id: application.id, state: application.state }
})
