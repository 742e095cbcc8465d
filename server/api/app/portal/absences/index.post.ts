import { z } from 'zod'
import { definePortalRoute } from '../../../../utils/portal-route'
import { absenceBodyBytes, absenceUploadAbove, portalAbsenceInput } from '../../../../../shared/schemas/absences'
import { reportAbsence } from '../../../../domain/absences/report-absence'

/**
 * A family reports an absence: `standing_withheld`, one body for every reason, when the adult lacks `attendance`
 * standing on the child today; `unprocessable` naming the day outside the roll or past 60 days ahead.
 */
export default definePortalRoute({
  summary: 'Report a child\'s absence', tag: 'Family portal', rateLimit: 30, module: 'people', section: 'absences', status: 201,
  body: portalAbsenceInput, maxBodyBytes: absenceBodyBytes, upload: { above: absenceUploadAbove },
  response: z.object({ id: z.string() }), errors: ['section_off', 'preview_read_only', 'standing_withheld', 'unprocessable']
}, ctx => reportAbsence(ctx, { ...ctx.body, adultId: ctx.portal.adultId }))
