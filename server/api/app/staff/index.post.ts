import { defineAppRoute } from '../../../utils/app-route'
import { staffAddSchema, staffAddedSchema } from '../../../../shared/schemas/staff-settings'
import { addStaffWithLink } from '../../../domain/staff/add-staff-with-link'

/**
 * Adds a member of staff with a one-time link to register a passkey. Only an administrator, with a recent passkey
 * proof, adds an administrator (server/domain/access/delegation.ts).
 */
export default defineAppRoute({
  summary: 'Add a member of staff', tag: 'Staff', capability: 'staff.manage', rateLimit: 30, status: 201,
  body: staffAddSchema, response: staffAddedSchema, errors: ['step_up_required', 'conflict']
}, ctx => addStaffWithLink(ctx, ctx.body))
