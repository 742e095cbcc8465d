import { defineAppRoute } from '../../../../../utils/app-route'
import { applicationEventInputSchema, applicationEventReceiptSchema, applicationIdParams } from '../../../../../../shared/schemas/applications'
import { applicationEventListProblems } from '../../../../../domain/admissions/school-list-checks'
import { recordApplicationEvent } from '../../../../../domain/admissions/record-application-event'

/** Starts the child on the roll (year level, campus, load, first day) or withdraws the application with a reason: the same step /api/v1 takes. */
export default defineAppRoute({
  summary: 'Start or withdraw the child of an application', tag: 'Admissions', capability: 'admissions.manage', rateLimit: 60, module: 'admissions',
  params: applicationIdParams, body: applicationEventInputSchema,
  bodyChecks: (body, school) => applicationEventListProblems(school.lists, body),
  response: applicationEventReceiptSchema, status: 201, errors: ['not_found', 'conflict', 'held_elsewhere', 'unprocessable']
}, ctx => recordApplicationEvent(ctx, ctx.params.id, ctx.body))
