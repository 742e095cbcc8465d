import { defineAppRoute } from '../../../utils/app-route'
import { schoolSettingsChangeSchema, schoolSettingsSchema } from '../../../../shared/schemas/school-settings'
import { readSchoolSettings, updateSchoolSettings } from '../../../domain/schools/school-settings'

/** A change that would leave records naming what the school no longer lists is refused (`conflict`), each reason beside its field. */
export default defineAppRoute({
  summary: 'Change the school\'s settings', tag: 'Settings', capability: 'settings.manage', rateLimit: 30,
  body: schoolSettingsChangeSchema, response: schoolSettingsSchema, errors: ['conflict', 'unprocessable']
}, async (ctx) => {
  await updateSchoolSettings(ctx, ctx.body)
  return readSchoolSettings(ctx)
})
