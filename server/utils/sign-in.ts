import type { H3Event } from 'h3'
import type { Database } from '../../db/client'
import { hasStaffAccess, type StaffAccount } from '../domain/staff/accounts'
import { liveFamilyAccessOfAccount } from '../domain/portal/family-access'
import { accountHasPasskey } from '../domain/staff/passkeys'
import { endSession, findLiveSession, startSession, type SessionMethod } from '../domain/staff/sessions'
import { sessionSecretOf, setSessionCookie } from './app-session'

/** What the account may open, for the sign-in screen to go to it or, holding both, let its owner choose. */
export async function accessKindsOf(database: Database, account: StaffAccount) {
  return { staff: hasStaffAccess(account), family: !!await liveFamilyAccessOfAccount(database, account.schoolId, account.id) }
}

/**
 * Starts a new session for an account that proved itself, and ends the one the browser held
 * before, so a session id is never carried across a sign-in.
 */
export async function signInAs(event: H3Event, database: Database, account: StaffAccount, method: SessionMethod) {
  const previous = sessionSecretOf(event)
  const earlier = previous ? await findLiveSession(database, previous) : undefined
  if (earlier) await endSession(database, earlier.session.id)
  const { secret } = await startSession(database, account, method)
  setSessionCookie(event, secret)
  return { signedIn: true as const, hasPasskey: await accountHasPasskey(database, account.id), access: await accessKindsOf(database, account) }
}
