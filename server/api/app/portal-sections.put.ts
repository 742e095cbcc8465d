import { defineAppRoute } from '../../utils/app-route'
import { portalSectionsInput, portalSectionsSchema } from '../../../shared/schemas/portal'
import { setPortalSectionsOff } from '../../domain/schools/portal-sections'

/** Switches the family portal's sections on or off for families; recorded in Activity. */
export default defineAppRoute({
  summary: 'Switch family portal sections on or off', tag: 'Settings', capability: 'settings.manage', rateLimit: 30,
  body: portalSectionsInput, response: portalSectionsSchema
}, ctx => setPortalSectionsOff(ctx, ctx.body.off))
