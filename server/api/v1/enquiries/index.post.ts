import { defineApiRoute } from '../../../utils/api-route'
import { enquiryInputSchema, enquiryReceiptSchema } from '../../../../shared/schemas/enquiries'
import { enquiryListProblems, recordEnquiry } from '../../../domain/enquiries/record-enquiry'

export default defineApiRoute({
  summary: 'Record an enquiry',
  description: 'Opens a record on the child and on the enquirer and records how they heard of the school. The enquirer gives an email address or a phone number, or both. The token reads nothing back.',
  tag: 'Admissions',
  scope: 'enquiry.write',
  rateLimit: 30,
  module: 'admissions',
  idempotent: true,
  body: enquiryInputSchema,
  bodyChecks: (body, school) => enquiryListProblems(school.lists, body),
  response: enquiryReceiptSchema,
  status: 201
}, ctx => recordEnquiry(ctx, ctx.body))
