import { z } from 'zod'
import { definePortalRoute } from '../../../../../../utils/portal-route'
import { recordId } from '../../../../../../../shared/schemas/common'
import { absenceBodyBytes, absenceUploadAbove, explainAbsenceInput } from '../../../../../../../shared/schemas/absences'
import { explainAbsence } from '../../../../../../domain/absences/report-absence'

/** Explains an absence the register found: it becomes a reported absence linked to the school's notice. */
export default definePortalRoute({
  summary: 'Explain an absence the school asked about', tag: 'Family portal', rateLimit: 30, module: 'people', section: 'absences', status: 201,
  params: z.strictObject({ id: recordId('uab') }), body: explainAbsenceInput,
  maxBodyBytes: absenceBodyBytes, upload: { above: absenceUploadAbove },
  response: z.object({ id: z.string() }), errors: ['section_off', 'preview_read_only', 'standing_withheld', 'conflict']
}, ctx => explainAbsence(ctx, { ...ctx.body, adultId: ctx.portal.adultId, unexplainedId: ctx.params.id }))
