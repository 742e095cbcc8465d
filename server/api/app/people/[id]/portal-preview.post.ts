import { defineAppRoute } from '../../../../utils/app-route'
import { personIdParam } from '../../../../../shared/schemas/person-record'
import { portalPreviewSchema } from '../../../../../shared/schemas/family-access'
import { startPortalPreview } from '../../../../domain/portal/portal-preview'

/** The session's portal (/family) shows this adult's view, read-only, until the preview ends; recorded in Activity. */
export default defineAppRoute({
  summary: 'Preview the family portal as an adult', tag: 'Family portal', capability: 'portal.preview', rateLimit: 30, module: 'people',
  params: personIdParam, response: portalPreviewSchema, errors: ['not_found', 'unprocessable']
}, ctx => startPortalPreview(ctx, ctx.params.id))
