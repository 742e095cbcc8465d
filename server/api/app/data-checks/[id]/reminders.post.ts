import { defineAppRoute } from '../../../../utils/app-route'
import { dataCheckParams, dataCheckReminderInput, dataCheckReminderSchema } from '../../../../../shared/schemas/data-checks'
import { remindDataCheck } from '../../../../domain/data-checks/remind-data-check'

/** Reminds the adults the check still waits for (or one class's), by a notice; each one's reminder is recorded. */
export default defineAppRoute({
  summary: 'Remind those who have not answered a data check', tag: 'Data checks', capability: 'families.manage', rateLimit: 10, module: 'people',
  params: dataCheckParams, body: dataCheckReminderInput, response: dataCheckReminderSchema, errors: ['not_found', 'conflict', 'unprocessable']
}, ctx => remindDataCheck(ctx, ctx.params.id, ctx.body.classCode))
