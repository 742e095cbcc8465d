import { z } from 'zod'
import { definePortalRoute } from '../../../../utils/portal-route'
import { absenceDocumentBytes, portalAbsenceInput } from '../../../../../shared/schemas/absences'
import { reportAbsence } from '../../../../domain/absences/report-absence'

/**
 * A family reports an absence: `standing_withheld`, one body for every reason, when the adult lacks `attendance`
 * standing on the child today; `unprocessable` naming the day outside the roll or past 60 days ahead.
 */
export default definePortalRoute({
  summary: 'Report a child\'s absence', tag: 'Family portal', rateLimit: 30, module: 'people', section: 'absences', status: 201,
  body: portalAbsenceInput, maxBodyBytes: Math.ceil(absenceDocumentBytes * 4 / 3) + 64 * 1024, upload: true,
  response: z.object({ id: z.string() }), errors: ['section_off', 'preview_read_only', 'standing_withheld', 'unprocessable']
}, ctx => reportAbsence(ctx, { ...ctx.body, adultId: ctx.portal.adultId }))
