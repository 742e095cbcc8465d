import { defineAppRoute } from '../../../../utils/app-route'
import { personIdParam } from '../../../../../shared/schemas/person-record'
import { portalPreviewSchema } from '../../../../../shared/schemas/family-access'
import { startPortalPreview } from '../../../../domain/portal/portal-preview'

/**
 * The session's portal (/family) shows this adult's view, read-only, until the preview ends; recorded in Activity.
 * An adult any of whose children is under restriction today needs the restricted check as well (`restricted.read`,
 * a passkey proof: startPortalPreview), so the route declares neither itself.
 */
export default defineAppRoute({
  summary: 'Preview the family portal as an adult', tag: 'Family portal', capability: 'portal.preview', rateLimit: 30, module: 'people',
  params: personIdParam, response: portalPreviewSchema, errors: ['not_found', 'unprocessable', 'step_up_required']
}, ctx => startPortalPreview(ctx, ctx.params.id))
