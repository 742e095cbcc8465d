import { and, asc, eq } from 'drizzle-orm'
import { holdUntilCommit } from '../../../db/transaction-lock'
import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server'
import { passkeys } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import { currentTime, timestampNow } from '../days/clock'
import { domainError } from '../shared/domain-error'
import { newId } from '../shared/ids'
import type { DomainContext } from '../shared/context'
import { callerAccount, callerAccountId } from './caller-account'
import { mailPasskeyNotice } from './passkey-notices'
import { keepChallenge, takeChallenge } from './passkey-challenges'
import { hasRecentPasskeyProof } from './sessions'

/** Who the passkeys are for: the id is the public URL's host name, the origin its scheme, host and port. */
export interface RelyingParty { id: string, origin: string, name: string }

/** The account's passkeys, oldest first. */
export function accountPasskeys(database: Database, accountId: string) {
  return database.db.select().from(passkeys).where(eq(passkeys.accountId, accountId)).orderBy(asc(passkeys.createdAt))
}

async function hasAnyPasskey(db: Db, accountId: string): Promise<boolean> {
  const [any] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.accountId, accountId)).limit(1)
  return Boolean(any)
}

/** The transports a passkey's row keeps, as WebAuthn lists them. */
export const transportsOf = (row: { transports: string }) => row.transports ? row.transports.split(' ') : undefined

/**
 * The session a passkey change comes from: its last passkey proof (null if it never made one) and
 * the browser's `User-Agent`, for the notice mail.
 */
export interface PasskeyChangeRequest { passkeyAt: string | null, schoolAt: string | null, userAgent: string | undefined }

/**
 * Once an account has a passkey, only a passkey proof within five minutes may add or remove one
 * (`step_up_required`): a session made by an emailed code, a sign-in link or a stolen cookie
 * cannot put a passkey of its own on the account and then step up with it. An account with none
 * may register its first from such a session.
 */
async function requirePasskeyProofFor(db: Db, accountId: string, request: PasskeyChangeRequest) {
  if (hasRecentPasskeyProof(request)) return
  if (await hasAnyPasskey(db, accountId)) throw domainError(
    'step_up_required', ['Confirm with one of your passkeys first: adding or removing a passkey needs a passkey proof within the last five minutes.']
  )
}

/**
 * Holds the account's passkeys still until the transaction ends, so two first registrations from
 * code sessions cannot both see none. SQLite runs one write transaction at a time already.
 */
async function lockAccountPasskeys(database: Database, tx: Db, accountId: string) {
  await holdUntilCommit(database, tx, `passkeys ${accountId}`)
}

/** Options for the browser to make a passkey for the caller's account (a discoverable one, so it can sign in without an address). */
export async function passkeyRegistrationOptions(ctx: DomainContext, rp: RelyingParty, request: PasskeyChangeRequest) {
  const { database } = ctx
  const account = await callerAccount(ctx)
  await requirePasskeyProofFor(database.db, account.id, request)
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

const credentialOnFile = () => domainError(
  'conflict', ['This passkey is already registered (to this or another account): use it to sign in, or make a new one.']
)

/**
 * Verifies the browser's answer and keeps the new passkey on the caller's account under the name
 * given; the account's address is told. A credential id already on file is `conflict`.
 */
export async function registerPasskey(ctx: DomainContext, rp: RelyingParty, response: RegistrationResponseJSON, name: string, request: PasskeyChangeRequest) {
  const { database } = ctx
  const account = await callerAccount(ctx)
  await requirePasskeyProofFor(database.db, account.id, request)
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
  await database.transaction(async (tx) => {
    await lockAccountPasskeys(database, tx, account.id)
    await requirePasskeyProofFor(tx, account.id, request)
    const [taken] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, row.credentialId))
    if (taken) throw credentialOnFile()
    await tx.insert(passkeys).values(row)
  })
  mailPasskeyNotice(database, account, { change: 'added', passkeyName: row.name, by: { userAgent: request.userAgent }, at: new Date(row.createdAt) })
  return passkeyListing(row)
}

function passkeyListing(row: typeof passkeys.$inferSelect) {
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt }
}

/** The caller's own passkeys. */
export async function listPasskeys(ctx: DomainContext) {
  return (await accountPasskeys(ctx.database, callerAccountId(ctx))).map(passkeyListing)
}

/** Whether an account has a passkey, for the sign-in step's answer: it runs before there is a caller. */
export function accountHasPasskey(database: Database, accountId: string): Promise<boolean> {
  return hasAnyPasskey(database.db, accountId)
}

async function requireOwnPasskey(database: Database, accountId: string, passkeyId: string) {
  const [row] = await database.db.select().from(passkeys).where(and(eq(passkeys.id, passkeyId), eq(passkeys.accountId, accountId)))
  if (!row) throw domainError('not_found', [`You have no passkey with the id ${passkeyId}.`])
  return row
}

export async function renamePasskey(ctx: DomainContext, passkeyId: string, name: string) {
  const row = await requireOwnPasskey(ctx.database, callerAccountId(ctx), passkeyId)
  await ctx.database.transaction(tx => tx.update(passkeys).set({ name: name.trim() }).where(eq(passkeys.id, row.id)))
  return passkeyListing({ ...row, name: name.trim() })
}

/** Removes one of the caller's passkeys (a passkey proof first, as for adding one); the account's address is told. */
export async function removePasskey(ctx: DomainContext, passkeyId: string, request: PasskeyChangeRequest) {
  const { database } = ctx
  const account = await callerAccount(ctx)
  const row = await requireOwnPasskey(database, account.id, passkeyId)
  await database.transaction(async (tx) => {
    await requirePasskeyProofFor(tx, account.id, request)
    await tx.delete(passkeys).where(eq(passkeys.id, row.id))
  })
  mailPasskeyNotice(database, account, { change: 'removed', passkeyName: row.name, by: { userAgent: request.userAgent }, at: currentTime() })
  return { id: row.id, removed: true as const }
}
