import { defineAppRoute } from '../../../utils/app-route'
import { schoolSettingsSchema } from '../../../../shared/schemas/school-settings'
import { readSchoolSettings } from '../../../domain/schools/school-settings'

export default defineAppRoute({
  summary: 'The school\'s settings: name, time zone, campuses, year levels, lists and what its SIS keeps', tag: 'Settings',
  capability: 'settings.manage', rateLimit: 120,
  response: schoolSettingsSchema
}, ctx => readSchoolSettings(ctx))
