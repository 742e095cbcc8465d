import { z } from 'zod'
import { defineAppRoute } from '../../../../../utils/app-route'
import { recordId } from '../../../../../../shared/schemas/common'
import { importProblemPageSchema, importsPageQuery } from '../../../../../../shared/schemas/imports-settings'
import { staffImportProblems } from '../../../../../domain/imports/hris-sample'

export default defineAppRoute({
  summary: 'The problems a staff import found, by row', tag: 'HRIS import', capability: 'settings.manage', module: 'staff_import', rateLimit: 120,
  params: z.strictObject({ id: recordId('run') }), query: importsPageQuery, response: importProblemPageSchema, errors: ['not_found']
}, async ctx => ctx.pageAnswer(await staffImportProblems(ctx, ctx.params.id, ctx.page)))
