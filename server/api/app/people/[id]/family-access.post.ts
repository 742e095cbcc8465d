import { defineAppRoute } from '../../../../utils/app-route'
import { personIdParam } from '../../../../../shared/schemas/person-record'
import { familyInvitedSchema, familyInviteSchema } from '../../../../../shared/schemas/family-access'
import { inviteFamilyMember } from '../../../../domain/portal/family-access'

/**
 * Gives family access, or sends a new link to an adult who has it, at the address on the adult's record
 * (no other: the office changes it on the record first); the link is mailed to the adult, never answered here.
 */
export default defineAppRoute({
  summary: 'Invite an adult to the family portal', tag: 'Family portal', capability: 'families.manage', rateLimit: 30, module: 'people',
  params: personIdParam, body: familyInviteSchema, response: familyInvitedSchema, status: 201, errors: ['not_found', 'conflict', 'unprocessable']
}, async (ctx) => {
  const invited = await inviteFamilyMember(ctx, ctx.params.id)
  return { accountId: invited.accountId, invited: true as const, linkExpiresAt: invited.linkExpiresAt }
})
