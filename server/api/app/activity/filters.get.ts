import { defineAppRoute } from '../../../utils/app-route'
import { activityFiltersSchema } from '../../../../shared/schemas/school-settings'
import { listActivityActors } from '../../../domain/activity/list-activity'
import { activityKindsFor } from '../../../domain/activity/activity-kinds'
import { holdsCapability } from '../../../domain/access/access'

export default defineAppRoute({
  summary: 'What Settings → Activity can be filtered by: the kinds the caller may see, and everyone who appears', tag: 'Settings',
  capability: 'settings.manage', rateLimit: 120,
  response: activityFiltersSchema
}, async ctx => ({ kinds: activityKindsFor(holdsCapability(ctx, 'restricted.read')), actors: await listActivityActors(ctx) }))
