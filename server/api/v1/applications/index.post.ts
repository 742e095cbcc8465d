import { defineApiRoute } from '../../../utils/api-route'
import { applicationInputSchema, applicationReceiptSchema } from '../../../../shared/schemas/applications'
import { applicationListProblems } from '../../../domain/admissions/school-list-checks'
import { submitApplication } from '../../../domain/admissions/submit-application'

export default defineApiRoute({
  summary: 'Send an application',
  description: 'Records an application in state `submitted`. Each person is named by `personId` (linked, never updated) or sent with details; a person sent with details who may already be on file stops the whole send with `conflict`, listing the possible records in `data.candidates`: resend with the right `personId`, or with `new: true`. The answer carries references only.',
  tag: 'Admissions',
  scope: 'application.write',
  rateLimit: 30,
  module: 'admissions',
  idempotent: true,
  body: applicationInputSchema,
  bodyChecks: (body, school) => applicationListProblems(school.lists, body),
  response: applicationReceiptSchema,
  status: 201,
  errors: ['conflict']
}, ctx => submitApplication(ctx, ctx.body))
