import { defineAppRoute } from '../../../utils/app-route'
import { timetableImportAnswerSchema, timetableUploadSchema } from '../../../../shared/schemas/timetable'
import { importTimetable } from '../../../domain/timetable/import-timetable'
import { importBodyLimit } from '../../../domain/imports/import-limits'

export default defineAppRoute({
  summary: 'Load a timetable file, all or nothing', tag: 'Classes', capability: 'settings.manage', rateLimit: 30, module: 'rosters',
  body: timetableUploadSchema, maxBodyBytes: importBodyLimit, upload: true, response: timetableImportAnswerSchema, errors: ['payload_too_large']
}, ctx => importTimetable(ctx, ctx.body.csv, { from: ctx.body.from }))
