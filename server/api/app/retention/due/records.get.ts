import { defineAppRoute } from '../../../../utils/app-route'
import { retentionDuePageSchema, retentionDueQuery } from '../../../../../shared/schemas/retention'
import { listDueRecords } from '../../../../domain/retention/read-due-list'

export default defineAppRoute({
  summary: 'The people and restricted records past their period, soonest to go first, searched by name', tag: 'Settings',
  capability: 'retention.manage', rateLimit: 120, query: retentionDueQuery, response: retentionDuePageSchema
}, async ctx => ctx.pageAnswer(await listDueRecords(ctx, ctx.page as { limit: number, after?: [number] }, {
  recordClass: ctx.query.recordClass, q: ctx.query.q
})))
