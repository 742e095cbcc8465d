import { defineAppRoute } from '../../utils/app-route'
import { portalSectionsSchema } from '../../../shared/schemas/portal'
import { portalSectionsOff } from '../../domain/schools/portal-sections'

/** The family portal's sections the school switched off for families. */
export default defineAppRoute({
  summary: 'The family portal\'s sections switched off', tag: 'Settings', capability: 'settings.manage', rateLimit: 120,
  response: portalSectionsSchema
}, async ctx => portalSectionsOff(ctx.school))
