import { defineAppRoute } from '../../../../utils/app-route'
import { enquiriesQuery, enquiryListSchema } from '../../../../../shared/schemas/admissions-office'
import { listEnquiries } from '../../../../domain/enquiries/list-enquiries'

/** The school's enquiries, newest first, with how they heard of the school, searched on the server. */
export default defineAppRoute({
  summary: 'Enquiries', tag: 'Admissions', capability: 'admissions.manage', rateLimit: 600, module: 'admissions',
  query: enquiriesQuery, response: enquiryListSchema, keep: 'school-data'
}, async ctx => ctx.pageAnswer(await listEnquiries(ctx, { ...ctx.page, search: ctx.query.search })))
