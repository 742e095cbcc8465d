import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { restrictedReviewInput } from '../../../../../shared/schemas/retention'
import { reviewRestrictedRecord } from '../../../../domain/retention/read-due-list'

export default defineAppRoute({
  summary: 'Mark a restricted record past its period reviewed: the sweep never erases one', tag: 'Settings',
  capability: 'retention.manage', rateLimit: 60, body: restrictedReviewInput, errors: ['not_found'],
  response: z.object({ subjectKind: z.enum(['protection_flag', 'court_order']), subjectId: z.string(), reviewedAt: z.string() })
}, ctx => reviewRestrictedRecord(ctx, ctx.body))
