import { staffAddSchema, staffAddedSchema } from '../../../../shared/schemas/staff-settings'
import { addStaffAccount } from '../../../domain/staff/accounts'
import { createSignInLink } from '../../../domain/staff/sign-in-links'

/** Adds a member of staff with a one-time link to register a passkey; adding an administrator is an administrator's, with a recent passkey proof (server/domain/access/delegation.ts). */
export default defineAppRoute({
  summary: 'Add a member of staff', tag: 'Staff', capability: 'staff.manage', rateLimit: 30, status: 201,
  body: staffAddSchema, response: staffAddedSchema, errors: ['step_up_required', 'conflict']
}, async (ctx) => {
  const member = await addStaffAccount(ctx, ctx.body)
  const link = await createSignInLink(ctx.database, member.id)
  return { member, signInLink: signInLinkUrl(link.secret), linkExpiresAt: link.expiresAt }
})
