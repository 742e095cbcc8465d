import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { storedFileAnswer } from '../../../../utils/file-answer'
import { recordId } from '../../../../../shared/schemas/common'
import { absenceDocumentTypes } from '../../../../../shared/schemas/absences'
import { absenceDocument } from '../../../../domain/absences/child-absences'

/** An absence's document (a doctor's letter): for staff with the screen, and `restricted.read` where the school marks the reason sensitive. */
export default defineAppRoute({
  summary: 'Open an absence\'s document', tag: 'Absences', capability: 'absences.manage', rateLimit: 60, module: 'people',
  params: z.strictObject({ id: recordId('abs') }), produces: absenceDocumentTypes, signedLink: true,
  response: z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() }), errors: ['not_found']
}, async ctx => storedFileAnswer(await absenceDocument(ctx, ctx.params.id)))
