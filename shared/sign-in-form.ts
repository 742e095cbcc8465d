/** What a sign-in answers about the account: whether it has a passkey yet, and which surfaces it may open. */
export interface SignedIn { hasPasskey: boolean, access: { staff: boolean, family: boolean } }

/**
 * Where a signed-in account goes: to the address it asked for (`next`) when it may open that surface;
 * else a member of staff without a passkey to register one, an account with both accesses to the choice
 * between them, a family member to the portal. The server decides every request anyway.
 */
export function whereAfterSignIn(answer: SignedIn, next?: unknown): string {
  const asked = typeof next === 'string' ? next : ''
  const staff = answer.hasPasskey ? '/staff' : '/staff/account/passkeys'
  if (answer.access.staff && asked.startsWith('/staff')) return answer.hasPasskey ? asked : staff
  if (answer.access.family && asked.startsWith('/family')) return asked
  if (answer.access.staff && answer.access.family) return '/sign-in/choose'
  if (answer.access.family) return '/family'
  return staff
}

/**
 * The sign-in form without script (docs/performance.md, "The sign-in form before its script"): where each step posts,
 * and the two cookies through which a post tells the page it redirects to what happened, each read once there.
 */
export const signInFormActions = { code: '/sign-in/code', verify: '/sign-in/verify' } as const
export const signInFormCookies = { sentTo: 'rollbook_sign_in_sent', problem: 'rollbook_sign_in_problem' } as const
/** The cookies' path: only the sign-in page reads them. */
export const signInFormCookiePath = '/sign-in'
