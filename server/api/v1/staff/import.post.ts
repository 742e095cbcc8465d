import { defineApiRoute } from '../../../utils/api-route'
import { staffImportAnswerSchema, staffImportInputSchema } from '../../../../shared/schemas/imports'
import { importStaff } from '../../../domain/imports/import-staff'
import { importBodyLimit } from '../../../domain/imports/import-limits'

export default defineApiRoute({
  summary: 'Import the staff export of the HRIS',
  description: 'Creates staff, opens and closes their employment from the start and end dates, and records checks, matching people on the HRIS employee id by the mapping the school saved. A row that cannot be used is a problem and the others go on; staff with open employment missing from the export are problems and stay employed. One transaction: the same file again changes nothing.',
  tag: 'Imports',
  scope: 'staff.import',
  rateLimit: 300,
  module: 'staff_import',
  idempotent: true,
  body: staffImportInputSchema,
  maxBodyBytes: importBodyLimit,
  upload: true,
  response: staffImportAnswerSchema,
  errors: ['not_found', 'unprocessable', 'payload_too_large', 'conflict']
}, ctx => importStaff(ctx, ctx.body))
