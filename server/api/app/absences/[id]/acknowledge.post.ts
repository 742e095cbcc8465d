import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { recordId } from '../../../../../shared/schemas/common'
import { acknowledgeAbsence } from '../../../../domain/absences/absence-steps'

/** The office has read a report: acknowledging one already acknowledged answers it as it is. */
export default defineAppRoute({
  summary: 'Acknowledge an absence', tag: 'Absences', capability: 'absences.manage', rateLimit: 120, module: 'people',
  params: z.strictObject({ id: recordId('abs') }), response: z.object({ id: z.string(), acknowledgedAt: z.string() }), errors: ['not_found', 'conflict']
}, ctx => acknowledgeAbsence(ctx, ctx.params.id))
