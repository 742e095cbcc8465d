import type { DomainContext } from '../shared/context'
import { addStaffAccount, type AddStaffInput } from './staff-access'
import { createSignInLink, signInLinkUrl } from '../accounts/sign-in-links'

/**
 * Adds a member of staff and makes the one-time link (24 hours) where they sign in and register a
 * passkey: for the staff settings, the CLI and the demo school's administrator alike.
 */
export async function addStaffWithLink(ctx: DomainContext, input: AddStaffInput) {
  const member = await addStaffAccount(ctx, input)
  const link = await createSignInLink(ctx.database, member.id)
  return { member, signInLink: signInLinkUrl(link.secret), linkExpiresAt: link.expiresAt }
}
