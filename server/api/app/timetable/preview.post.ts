import { defineAppRoute } from '../../../utils/app-route'
import { timetablePreviewSchema, timetableUploadSchema } from '../../../../shared/schemas/timetable'
import { previewTimetable } from '../../../domain/timetable/import-timetable'
import { importBodyLimit } from '../../../domain/imports/import-limits'

export default defineAppRoute({
  summary: 'What loading a timetable file would do, writing nothing', tag: 'Classes', capability: 'settings.manage', rateLimit: 30, module: 'rosters',
  body: timetableUploadSchema, maxBodyBytes: importBodyLimit, upload: true, response: timetablePreviewSchema, errors: ['payload_too_large']
}, ctx => previewTimetable(ctx, ctx.body.csv, { from: ctx.body.from }))
