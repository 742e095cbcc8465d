import { z } from 'zod'
import { defineAppRoute } from '../../../utils/app-route'
import { activityPageSchema, activityQuery } from '../../../../shared/schemas/school-settings'
import { activityKindNames, type ActivityKind } from '../../../domain/activity/activity-kinds'
import { listActivity } from '../../../domain/activity/list-activity'

export default defineAppRoute({
  summary: 'Settings → Activity, newest first: who changed what, filtered by kind and by actor', tag: 'Settings', capability: 'settings.manage', rateLimit: 120,
  query: activityQuery.extend({ kind: z.enum(activityKindNames as [ActivityKind, ...ActivityKind[]], 'Not a kind of activity.').optional() }),
  response: activityPageSchema
}, async ctx => ctx.pageAnswer(await listActivity(ctx, { ...ctx.page, kind: ctx.query.kind, actor: ctx.query.actor })))
