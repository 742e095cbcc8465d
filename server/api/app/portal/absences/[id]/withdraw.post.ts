import { z } from 'zod'
import { definePortalRoute } from '../../../../../utils/portal-route'
import { recordId } from '../../../../../../shared/schemas/common'
import { withdrawAbsence } from '../../../../../domain/absences/absence-steps'

/** Withdraws an absence the adult reported (or the office recorded for them) before its first day. */
export default definePortalRoute({
  summary: 'Withdraw an absence before its first day', tag: 'Family portal', rateLimit: 30, module: 'people', section: 'absences',
  params: z.strictObject({ id: recordId('abs') }), response: z.object({ id: z.string(), withdrawnAt: z.string() }),
  errors: ['section_off', 'preview_read_only', 'standing_withheld', 'conflict']
}, ctx => withdrawAbsence(ctx, { adultId: ctx.portal.adultId, absenceId: ctx.params.id }))
