import { z } from 'zod'
import { defineAppRoute } from '../../../utils/app-route'
import { recordId } from '../../../../shared/schemas/common'
import { hrisMappingInputSchema } from '../../../../shared/schemas/imports'
import { saveHrisMapping } from '../../../domain/imports/hris-mappings'

export default defineAppRoute({
  summary: 'Save an HRIS mapping (a new one, or the one `id` names)', tag: 'HRIS import', capability: 'settings.manage', module: 'staff_import', rateLimit: 30,
  body: hrisMappingInputSchema, response: z.object({ id: recordId('hrm') }), errors: ['conflict', 'not_found']
}, ctx => saveHrisMapping(ctx, ctx.body))
