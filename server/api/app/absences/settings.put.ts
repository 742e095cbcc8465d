import { defineAppRoute } from '../../../utils/app-route'
import { absenceSettingsInput, absenceSettingsSchema } from '../../../../shared/schemas/absences'
import { setAbsenceSettings } from '../../../domain/absences/absence-settings'

export default defineAppRoute({
  summary: 'Choose the absence reasons offered, and those marked sensitive', tag: 'Absences', capability: 'settings.manage', rateLimit: 30,
  body: absenceSettingsInput, response: absenceSettingsSchema
}, ctx => setAbsenceSettings(ctx, ctx.body))
