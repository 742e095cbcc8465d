import {
  generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON
} from '@simplewebauthn/server'
import { eq } from 'drizzle-orm'
import { passkeys } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { timestampNow } from '../days/clock'
import { domainError } from '../shared/domain-error'
import type { DomainContext } from '../shared/context'
import { activeAccountById, type Account } from './accounts'
import { callerAccount, callerAccountId } from './caller-account'
import { keepChallenge, takeChallenge } from './passkey-challenges'
import { accountPasskeys, transportsOf, type RelyingParty } from './passkeys'

const notVerified = () => domainError('unauthenticated', ['The passkey could not be verified. Try again, or sign in with an emailed code.'])

/**
 * Options for signing in with any passkey of this site (a discoverable credential). They are the
 * same for everyone: no address is asked and no credential id is listed, so they say nothing about
 * who has an account or a passkey before the person proves anything.
 */
export async function passkeySignInOptions(database: Database, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' })
  await keepChallenge(database, options.challenge, 'sign_in', null)
  return options
}

/** Options for a passkey proof of the caller's account (step-up). */
export async function passkeyStepUpOptions(ctx: DomainContext, rp: RelyingParty) {
  const { database } = ctx
  const accountId = callerAccountId(ctx)
  const allowed = await accountPasskeys(database, accountId)
  if (!allowed.length) throw domainError('unprocessable', ['Register a passkey first: a recent passkey proof is needed here.'])
  const options = await generateAuthenticationOptions({
    rpID: rp.id, userVerification: 'preferred', allowCredentials: allowed.map(row => ({ id: row.credentialId, transports: transportsOf(row) }))
  })
  await keepChallenge(database, options.challenge, 'step_up', accountId)
  return options
}

/**
 * The account a passkey answer proves, for a sign-in (`account` undefined) or a step-up of that
 * account. The authenticator's counter is kept, and a counter that went backwards is refused.
 */
export async function verifyPasskey(database: Database, rp: RelyingParty, response: AuthenticationResponseJSON, account?: Account) {
  const [row] = await database.db.select().from(passkeys).where(eq(passkeys.credentialId, String(response.id ?? '')))
  const owner = row ? await activeAccountById(database, row.accountId) : undefined
  if (!row || !owner || (account && owner.id !== account.id)) throw notVerified()
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: takeChallenge(database, account ? 'step_up' : 'sign_in', account ? account.id : null),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: { id: row.credentialId, publicKey: Buffer.from(row.publicKey, 'base64url'), counter: row.counter, transports: transportsOf(row) }
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }))
  if (!verification.verified) throw notVerified()
  await database.transaction(tx => tx.update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: timestampNow() })
    .where(eq(passkeys.id, row.id)))
  return owner
}

/** A step-up: the caller proves one of their own passkeys again. */
export async function proveCallerPasskey(ctx: DomainContext, rp: RelyingParty, response: AuthenticationResponseJSON) {
  return verifyPasskey(ctx.database, rp, response, await callerAccount(ctx))
}
