import { defineAppRoute } from '../../../utils/app-route'
import { z } from 'zod'
import { recordId } from '../../../../shared/schemas/common'
import { removedSchema } from '../../../../shared/schemas/sign-in'
import { removeStaffAccess } from '../../../domain/staff/staff-access'

export default defineAppRoute({
  summary: 'Remove a member of staff\'s access; their sessions end', tag: 'Staff', capability: 'staff.manage', rateLimit: 30,
  params: z.strictObject({ id: recordId('acc') }), response: removedSchema, errors: ['step_up_required']
}, ctx => removeStaffAccess(ctx, ctx.params.id))
