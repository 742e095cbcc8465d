import { definePortalRoute } from '../../../utils/portal-route'
import { familyApplicationsSchema } from '../../../../shared/schemas/portal'
import { portalApplications } from '../../../domain/admissions/portal-admissions'

/** Applications and tours: the family's applications, the tours they can book, and their own bookings. */
export default definePortalRoute({
  summary: 'The family\'s applications, the tours to come and their bookings', tag: 'Family portal', rateLimit: 120, section: 'applications',
  module: 'admissions',
  response: familyApplicationsSchema, errors: ['section_off']
}, ctx => portalApplications(ctx, ctx.portal.adultId, ctx.day))
