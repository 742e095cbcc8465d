import type { DomainContext } from '../shared/context'
import { addStaff, type AddStaffInput } from './staff-access'
import { insertSignInLink, signInLinkUrl } from '../accounts/sign-in-links'
import { sendMail } from '../mail/send-mail'
import { renderMail } from '../mail/mail-kinds'
import { personMailReader } from '../mail/mail-reader'

/**
 * Adds a member of staff and makes the one-time link (24 hours) where they sign in and register a
 * passkey, in the add's transaction: for the staff settings, the CLI and the demo school's
 * administrator alike. The link is answered to the caller only for an account this add made; an
 * address that already had an account (a member added again, a member of staff who is also a parent)
 * is mailed its link, as a family invitation is, and the answer's `signInLink` is null, so nobody adding
 * staff ever holds a link into an account that was someone's before.
 */
export async function addStaffWithLink(ctx: DomainContext, input: AddStaffInput) {
  const { member, isNew, alongside: link } = await addStaff(ctx, input, (tx, accountId) => insertSignInLink(tx, accountId))
  const signInLink = signInLinkUrl(link.secret)
  if (isNew) return { member, signInLink, linkExpiresAt: link.expiresAt }
  const reader = await personMailReader(ctx.database, ctx.school, member.personId)
  await sendMail(ctx.database, { to: member.email, ...renderMail('staffAccess', reader, { school: ctx.school.name, role: member.role, link: signInLink }) })
  return { member, signInLink: null, linkExpiresAt: link.expiresAt }
}
