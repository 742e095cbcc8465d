import { definePortalRoute } from '../../../../../utils/portal-route'
import { portalTourBookingSchema } from '../../../../../../shared/schemas/portal'
import { bookingReceiptSchema, tourIdParams } from '../../../../../../shared/schemas/tours'
import { schoolListProblem } from '../../../../../domain/schools/school-list-problems'
import { bookTourFromPortal } from '../../../../../domain/admissions/portal-admissions'

/** Books the adult onto a tour by the API's own booking rule: a full tour is `conflict` (`tour-full`), a past or cancelled one `unprocessable`. */
export default definePortalRoute({
  summary: 'Book a tour for a child', tag: 'Family portal', rateLimit: 20, section: 'applications', module: 'admissions',
  params: tourIdParams, body: portalTourBookingSchema,
  bodyChecks: (body, school) => schoolListProblem(school.lists, 'relationships', (body as { relationship?: unknown } | null)?.relationship, 'relationship'),
  response: bookingReceiptSchema, status: 201, errors: ['section_off', 'preview_read_only', 'not_found', 'conflict', 'unprocessable']
}, ctx => bookTourFromPortal(ctx, ctx.portal.adultId, ctx.params.id, ctx.body))
