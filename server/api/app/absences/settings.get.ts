import { defineAppRoute } from '../../../utils/app-route'
import { absenceSettingsSchema } from '../../../../shared/schemas/absences'
import { absenceSettings } from '../../../domain/absences/absence-settings'

export default defineAppRoute({
  summary: 'The absence reasons the school offers, and those it marks sensitive', tag: 'Absences', capability: 'absences.manage', rateLimit: 120,
  module: 'people', response: absenceSettingsSchema
}, async ctx => absenceSettings(ctx.school))
