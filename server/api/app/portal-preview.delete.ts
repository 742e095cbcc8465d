import { defineAppRoute } from '../../utils/app-route'
import { portalPreviewSchema } from '../../../shared/schemas/family-access'
import { endPortalPreview } from '../../domain/portal/portal-preview'

export default defineAppRoute({
  summary: 'End a preview of the family portal', tag: 'Family portal', rateLimit: 60,
  response: portalPreviewSchema
}, ctx => endPortalPreview(ctx))
