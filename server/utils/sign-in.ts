import type { H3Event } from 'h3'
import type { Database } from '../../db/client'
import type { Account } from '../domain/accounts/accounts'
import { accessKindsOf } from '../domain/accounts/access-kinds'
import { accountHasPasskey } from '../domain/accounts/passkeys'
import { openingSchoolOf } from '../domain/accounts/account-schools'
import { endSession, findLiveSession, startSession, type SessionMethod } from '../domain/accounts/sessions'
import { sessionSecretOf, setSessionCookie } from './app-session'

/**
 * Starts a new session for an account that proved itself, and ends the one the browser held
 * before, so a session id is never carried across a sign-in. The session opens the account's last
 * chosen school, or its home (openingSchoolOf).
 */
export async function signInAs(event: H3Event, database: Database, account: Account, method: SessionMethod) {
  const previous = sessionSecretOf(event)
  const earlier = previous ? await findLiveSession(database, previous) : undefined
  if (earlier) await endSession(database, earlier.session.id)
  const opened = { id: account.id, schoolId: await openingSchoolOf(database, account) }
  const { secret } = await startSession(database, opened, method)
  setSessionCookie(event, secret)
  return { signedIn: true as const, hasPasskey: await accountHasPasskey(database, account.id), access: await accessKindsOf(database, opened) }
}
