import { defineAppRoute } from '../../../../utils/app-route'
import { z } from 'zod'
import { recordId } from '../../../../../shared/schemas/common'
import { sessionsEndedSchema } from '../../../../../shared/schemas/staff-settings'
import { endStaffSessions } from '../../../../domain/staff/staff-access'

export default defineAppRoute({
  summary: 'End every session of a member of staff', tag: 'Staff', capability: 'staff.manage', rateLimit: 30, stepUp: true,
  params: z.strictObject({ id: recordId('acc') }), response: sessionsEndedSchema
}, ctx => endStaffSessions(ctx, ctx.params.id))
