import { defineAppRoute } from '../../../utils/app-route'
import { z } from 'zod'
import { recordId } from '../../../../shared/schemas/common'
import { staffMemberSchema, staffRoleChangeSchema } from '../../../../shared/schemas/staff-settings'
import { changeStaffRole } from '../../../domain/staff/staff-access'

/** Changes a member's role within the delegation ceiling (server/domain/access/delegation.ts); the admin role, given or taken, needs a recent passkey proof. */
export default defineAppRoute({
  summary: 'Change a member of staff\'s role', tag: 'Staff', capability: 'staff.manage', rateLimit: 30,
  params: z.strictObject({ id: recordId('acc') }), body: staffRoleChangeSchema, response: staffMemberSchema, errors: ['step_up_required']
}, ctx => changeStaffRole(ctx, ctx.params.id, ctx.body.role))
