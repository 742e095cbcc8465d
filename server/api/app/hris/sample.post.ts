import { defineAppRoute } from '../../../utils/app-route'
import { hrisSampleInputSchema, hrisSampleSchema } from '../../../../shared/schemas/imports-settings'
import { importBodyLimit } from '../../../domain/imports/import-limits'
import { readHrisSample } from '../../../domain/imports/hris-sample'

/**
 * The body streams against the import routes' limit and takes an upload slot, as /api/v1/staff/import does, so a
 * body past 8 MiB is refused before it is read whole.
 */
export default defineAppRoute({
  summary: 'Read a sample HRIS export: its columns and first lines', tag: 'HRIS import', capability: 'settings.manage', module: 'staff_import', rateLimit: 30,
  body: hrisSampleInputSchema, maxBodyBytes: importBodyLimit, upload: true, response: hrisSampleSchema, errors: ['payload_too_large', 'unprocessable']
}, ctx => readHrisSample(ctx.body.csv))
