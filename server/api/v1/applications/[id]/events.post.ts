import { defineApiRoute } from '../../../../utils/api-route'
import { applicationEventInputSchema, applicationEventReceiptSchema, applicationIdParams } from '../../../../../shared/schemas/applications'
import { applicationEventListProblems } from '../../../../domain/admissions/school-list-checks'
import { recordApplicationEvent } from '../../../../domain/admissions/record-application-event'

export default defineApiRoute({
  summary: 'Start or withdraw the child of an application',
  description: '`started` needs an accepted offer (otherwise `unprocessable`, naming the missing step) and puts the child on the roll from `occurredOn` at the year level, campus (required where the school has more than one) and load sent. `withdrawn` needs a reason from the school\'s list: a child who started leaves the roll with `occurredOn` as the last day; an application that never started is closed. A second start is `conflict`.',
  tag: 'Admissions',
  scope: 'application.write',
  rateLimit: 30,
  module: 'admissions',
  idempotent: true,
  params: applicationIdParams,
  body: applicationEventInputSchema,
  bodyChecks: (body, school) => applicationEventListProblems(school.lists, body),
  response: applicationEventReceiptSchema,
  status: 201,
  errors: ['not_found', 'conflict', 'held_elsewhere', 'unprocessable']
}, ctx => recordApplicationEvent(ctx, ctx.params.id, ctx.body))
