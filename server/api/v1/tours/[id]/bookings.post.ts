import { defineApiRoute } from '../../../../utils/api-route'
import { enquiryInputSchema } from '../../../../../shared/schemas/enquiries'
import { bookingReceiptSchema, tourIdParams } from '../../../../../shared/schemas/tours'
import { enquiryListProblems } from '../../../../domain/enquiries/record-enquiry'
import { bookTour } from '../../../../domain/admissions/book-tour'

export default defineApiRoute({
  summary: 'Book a family into a tour',
  description: 'Takes the same fields as an enquiry: the enquiry, the child and the enquirer are recorded with the booking, in one transaction. A full tour is `conflict` with `tour-full` in `detail`, and nothing is recorded; a past or cancelled tour is `unprocessable`. The token reads nothing back.',
  tag: 'Admissions',
  scope: 'tour.book',
  rateLimit: 30,
  module: 'admissions',
  idempotent: true,
  params: tourIdParams,
  body: enquiryInputSchema,
  bodyChecks: (body, school) => enquiryListProblems(school.lists, body),
  response: bookingReceiptSchema,
  status: 201,
  errors: ['not_found', 'conflict', 'unprocessable']
}, ctx => bookTour(ctx, ctx.params.id, ctx.body))
