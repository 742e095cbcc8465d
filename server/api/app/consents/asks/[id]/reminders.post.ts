import { defineAppRoute } from '../../../../../utils/app-route'
import { consentAskParams, reminderInput } from '../../../../../../shared/schemas/consents'
import { sentMessageSchema } from '../../../../../../shared/schemas/messages'
import { remindUnanswered } from '../../../../../domain/consents/reminders'

/** A message to the adults who have not answered (`ask:<id>:unanswered`); `audience_empty` when everyone has. */
export default defineAppRoute({
  summary: 'Remind the adults who have not answered an ask', tag: 'Consents', capability: 'consents.manage', rateLimit: 30, status: 201,
  params: consentAskParams, body: reminderInput, response: sentMessageSchema, errors: ['not_found', 'audience_empty']
}, ctx => remindUnanswered(ctx, ctx.params.id, ctx.body))
