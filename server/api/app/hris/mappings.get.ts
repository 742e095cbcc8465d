import { defineAppRoute } from '../../../utils/app-route'
import { hrisMappingListSchema } from '../../../../shared/schemas/imports-settings'
import { listHrisMappings } from '../../../domain/imports/hris-mappings'

export default defineAppRoute({
  summary: 'The school\'s HRIS mappings', tag: 'HRIS import', capability: 'settings.manage', module: 'staff_import', rateLimit: 60,
  response: hrisMappingListSchema
}, async ctx => ({ items: await listHrisMappings(ctx) }))
