import { z } from 'zod'
import { defineAppRoute } from '../../../utils/app-route'
import { absenceBodyBytes, absenceUploadAbove, officeAbsenceInput } from '../../../../shared/schemas/absences'
import { recordAbsenceForFamily } from '../../../domain/absences/report-absence'

/** The office records an absence a family told it of, naming the adult who called when one of the child's. */
export default defineAppRoute({
  summary: 'Record an absence for a family', tag: 'Absences', capability: 'absences.manage', rateLimit: 60, module: 'people', status: 201,
  body: officeAbsenceInput, maxBodyBytes: absenceBodyBytes, upload: { above: absenceUploadAbove },
  response: z.object({ id: z.string() }), errors: ['unprocessable']
}, ctx => recordAbsenceForFamily(ctx, ctx.body))
