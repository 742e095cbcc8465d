import { defineApiRoute } from '../../../utils/api-route'
import { enrolmentInputSchema, enrolmentReceiptSchema } from '../../../../shared/schemas/applications'
import { enrolmentListProblems } from '../../../domain/admissions/school-list-checks'
import { enrolStudent } from '../../../domain/admissions/enrol-student'

export default defineApiRoute({
  summary: 'Enrol a child admitted elsewhere',
  description: 'Starts the child on the roll from `startsOn` and gives each carer parental responsibility from then; the campus is required where the school has more than one. People are identified as for applications. A child already enrolled is `conflict`. The answer carries references only.',
  tag: 'Admissions',
  scope: 'application.write',
  rateLimit: 30,
  module: 'admissions',
  idempotent: true,
  body: enrolmentInputSchema,
  bodyChecks: (body, school) => enrolmentListProblems(school.lists, body),
  response: enrolmentReceiptSchema,
  status: 201,
  errors: ['conflict', 'held_elsewhere', 'unprocessable']
}, ctx => enrolStudent(ctx, ctx.body))
