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
 * Signing in without a passkey: an emailed code, or the one-time link a new member of staff (or an
 * invited family member) is sent. The passkey ceremony is usePasskeys().signIn; each answers whether
 * the account has a passkey yet and what it may open.
 */
export function useSignIn() {
  const requestCode = (email: string) => $fetch('/api/app/session/code', { method: 'POST', body: { email } })
  const verifyCode = (email: string, code: string) => $fetch('/api/app/session/code/verify', { method: 'POST', body: { email, code } })
  const followLink = (token: string) => $fetch('/api/app/session/link', { method: 'POST', body: { token } })
  return { requestCode, verifyCode, followLink }
}
