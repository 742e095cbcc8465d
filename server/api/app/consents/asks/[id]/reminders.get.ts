import { defineAppRoute } from '../../../../../utils/app-route'
import { askRemindersSchema, consentAskParams } from '../../../../../../shared/schemas/consents'
import { askReminders } from '../../../../../domain/consents/reminders'

/** An ask's reminders, newest first: those its schedule sent and those the office sent, each with how many adults it reached. */
export default defineAppRoute({
  summary: 'The reminders of a consent ask', tag: 'Consents', capability: 'consents.manage', rateLimit: 120,
  params: consentAskParams, response: askRemindersSchema, errors: ['not_found']
}, ctx => askReminders(ctx, ctx.params.id))
