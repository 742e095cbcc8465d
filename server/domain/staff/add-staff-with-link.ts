import type { DomainContext } from '../shared/context'
import { publicUrl } from '../shared/public-url'
import { addStaffAccount, type AddStaffInput } from './accounts'
import { createSignInLink } from './sign-in-links'

/** The address a new member of staff follows once to sign in and register a passkey. */
export function signInLinkUrl(secret: string): string {
  return `${publicUrl()}/sign-in/link?token=${secret}`
}

/**
 * Adds a member of staff and makes the one-time link (24 hours) where they sign in and register a
 * passkey: for the staff settings, the CLI and the demo school's administrator alike.
 */
export async function addStaffWithLink(ctx: DomainContext, input: AddStaffInput) {
  const member = await addStaffAccount(ctx, input)
  const link = await createSignInLink(ctx.database, member.id)
  return { member, signInLink: signInLinkUrl(link.secret), linkExpiresAt: link.expiresAt }
}
