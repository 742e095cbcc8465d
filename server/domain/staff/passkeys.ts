import { and, asc, eq, gt } from 'drizzle-orm'
import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type RegistrationResponseJSON
} from '@simplewebauthn/server'
import { passkeyChallenges, passkeys } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { currentTime, timestampNow } from '../shared/clock'
import { domainError } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { activeAccountByEmail, activeAccountById, type StaffAccount } from './accounts'

/** Who the passkeys are for: the id is the public URL's host name, the origin its scheme, host and port. */
export interface RelyingParty { id: string, origin: string, name: string }

const challengeLifetimeMs = 5 * 60_000
type ChallengePurpose = 'register' | 'sign_in' | 'step_up'

async function keepChallenge(database: Database, challenge: string, purpose: ChallengePurpose, accountId: string | null) {
  const expiresAt = new Date(currentTime().getTime() + challengeLifetimeMs).toISOString()
  await database.transaction(tx => tx.insert(passkeyChallenges).values({ challenge, purpose, accountId, expiresAt }))
}

/** Takes a challenge we handed out for this purpose (and account), once: a replayed answer finds it gone. */
function takeChallenge(database: Database, purpose: ChallengePurpose, accountId: string | null) {
  return async (challenge: string) => {
    const [taken] = await database.transaction(tx => tx.delete(passkeyChallenges)
      .where(and(eq(passkeyChallenges.challenge, challenge), eq(passkeyChallenges.purpose, purpose), gt(passkeyChallenges.expiresAt, timestampNow())))
      .returning())
    return Boolean(taken) && taken!.accountId === accountId
  }
}

const notVerified = () => domainError('unauthenticated', ['The passkey could not be verified. Try again, or sign in with an emailed code.'])

function accountPasskeys(database: Database, accountId: string) {
  return database.db.select().from(passkeys).where(eq(passkeys.accountId, accountId)).orderBy(asc(passkeys.createdAt))
}

const transportsOf = (row: { transports: string }) => row.transports ? row.transports.split(' ') : undefined

/** Options for the browser to make a passkey for this account (a discoverable one, so it can sign in without an address). */
export async function passkeyRegistrationOptions(database: Database, rp: RelyingParty, account: StaffAccount) {
  const existing = await accountPasskeys(database, account.id)
  const options = await generateRegistrationOptions({
    rpName: rp.name, rpID: rp.id, userName: account.email, userID: new TextEncoder().encode(account.id),
    attestationType: 'none',
    excludeCredentials: existing.map(row => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' }
  })
  await keepChallenge(database, options.challenge, 'register', account.id)
  return options
}

/** Verifies the browser's answer and keeps the new passkey under the name given. */
export async function registerPasskey(database: Database, rp: RelyingParty, account: StaffAccount, response: RegistrationResponseJSON, name: string) {
  const verification = await verifyRegistrationResponse({
    response, expectedChallenge: takeChallenge(database, 'register', account.id), expectedOrigin: rp.origin, expectedRPID: rp.id
  }).catch(() => ({ verified: false as const, registrationInfo: undefined }))
  if (!verification.verified) throw domainError('unprocessable', ['The new passkey could not be verified. Try again.'])
  const { credential } = verification.registrationInfo
  const row = {
    id: newId('pky'), accountId: account.id, credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter,
    transports: (credential.transports ?? []).join(' '), name: name.trim() || 'Passkey', createdAt: timestampNow(), lastUsedAt: null
  }
  await database.transaction(tx => tx.insert(passkeys).values(row))
  return passkeyListing(row)
}

/**
 * Options for signing in: for any passkey of this site when no address is given (a discoverable
 * credential), or for the passkeys of the address given.
 */
export async function passkeySignInOptions(database: Database, rp: RelyingParty, email?: string) {
  const account = email ? await activeAccountByEmail(database, email) : undefined
  const allowed = account ? await accountPasskeys(database, account.id) : []
  const options = await generateAuthenticationOptions({
    rpID: rp.id, userVerification: 'preferred',
    allowCredentials: allowed.map(row => ({ id: row.credentialId, transports: transportsOf(row) }))
  })
  await keepChallenge(database, options.challenge, 'sign_in', null)
  return options
}

/** Options for a passkey proof of the signed-in account (step-up). */
export async function passkeyStepUpOptions(database: Database, rp: RelyingParty, account: StaffAccount) {
  const allowed = await accountPasskeys(database, account.id)
  if (!allowed.length) throw domainError('unprocessable', ['Register a passkey first: a recent passkey proof is needed here.'])
  const options = await generateAuthenticationOptions({
    rpID: rp.id, userVerification: 'preferred', allowCredentials: allowed.map(row => ({ id: row.credentialId, transports: transportsOf(row) }))
  })
  await keepChallenge(database, options.challenge, 'step_up', account.id)
  return options
}

/**
 * The account a passkey answer proves, for a sign-in (`account` undefined) or a step-up of that
 * account. The authenticator's counter is kept, and a counter that went backwards is refused.
 */
export async function verifyPasskey(database: Database, rp: RelyingParty, response: AuthenticationResponseJSON, account?: StaffAccount) {
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

function passkeyListing(row: typeof passkeys.$inferSelect) {
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt }
}

export async function listPasskeys(database: Database, accountId: string) {
  return (await accountPasskeys(database, accountId)).map(passkeyListing)
}

async function requireOwnPasskey(database: Database, accountId: string, passkeyId: string) {
  const [row] = await database.db.select().from(passkeys).where(and(eq(passkeys.id, passkeyId), eq(passkeys.accountId, accountId)))
  if (!row) throw domainError('not_found', [`You have no passkey with the id ${passkeyId}.`])
  return row
}

export async function renamePasskey(database: Database, accountId: string, passkeyId: string, name: string) {
  const row = await requireOwnPasskey(database, accountId, passkeyId)
  await database.transaction(tx => tx.update(passkeys).set({ name: name.trim() }).where(eq(passkeys.id, row.id)))
  return passkeyListing({ ...row, name: name.trim() })
}

export async function removePasskey(database: Database, accountId: string, passkeyId: string) {
  const row = await requireOwnPasskey(database, accountId, passkeyId)
  await database.transaction(tx => tx.delete(passkeys).where(eq(passkeys.id, row.id)))
  return { id: row.id, removed: true as const }
}
