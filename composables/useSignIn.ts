export { whereAfterSignIn, type SignedIn } from '../shared/sign-in-form'

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
