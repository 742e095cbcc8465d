import type { H3Event } from 'h3'
import type { Database } from '../../db/client'
import type { Account } from '../domain/accounts/accounts'
import { accessKindsOf } from '../domain/accounts/access-kinds'
import { accountHasPasskey } from '../domain/accounts/passkeys'
import { endSession, findLiveSession, startSession, type SessionMethod } from '../domain/accounts/sessions'
import { sessionSecretOf, setSessionCookie } from './app-session'

/**
 * Starts a new session for an account that proved itself, and ends the one the browser held
 * before, so a session id is never carried across a sign-in.
 */
export async function signInAs(event: H3Event, database: Database, account: Account, method: SessionMethod) {
  const previous = sessionSecretOf(event)
  const earlier = previous ? await findLiveSession(database, previous) : undefined
  if (earlier) await endSession(database, earlier.session.id)
  const { secret } = await startSession(database, account, method)
  setSessionCookie(event, secret)
  return { signedIn: true as const, hasPasskey: await accountHasPasskey(database, account.id), access: await accessKindsOf(database, account) }
}
