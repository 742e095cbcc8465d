import { table, text, integer, index, uniqueIndex } from '../dialect'
import { schools } from './schools'

/**
 * Everyone who signs in: one address, one account in the deployment, made at one school (its home:
 * the school whose admin added it, whose records its `personId` names). The account opens nothing by
 * itself: staff access is a row of `staff_access` (at its home and, given by the operator, at other
 * schools: docs/several-schools.md), family access a row of `family_access` at its home
 * (server/domain/accounts/access-kinds.ts). A session is at one school at a time.
 */
export const accounts = table('accounts', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  /** Lower-cased. */
  email: text('email').notNull(),
  /** The person on file the account is itself: a member of staff's own record, the adult it was made for. */
  personId: text('person_id'),
  createdAt: text('created_at').notNull(),
  /** Set when the account's last access ends; the row stays so tokens and records still name it. */
  removedAt: text('removed_at')
}, t => [
  uniqueIndex('accounts_email_idx').on(t.email),
  index('accounts_school_id_idx').on(t.schoolId),
  index('accounts_person_id_idx').on(t.personId)
])

export const signInPolicies = table('sign_in_policies', {
  schoolId: text('school_id').primaryKey().references(() => schools.id),
  /** 1: a session made by an emailed code may do nothing but register a passkey. */
  passkeysRequired: integer('passkeys_required').notNull()
})

export const passkeys = table('passkeys', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull().references(() => accounts.id),
  /** The authenticator's credential id, base64url. */
  credentialId: text('credential_id').notNull(),
  /** COSE public key, base64url. */
  publicKey: text('public_key').notNull(),
  counter: integer('counter').notNull(),
  /** Space-separated transports the browser reported. */
  transports: text('transports').notNull(),
  name: text('name').notNull(),
  createdAt: text('created_at').notNull(),
  lastUsedAt: text('last_used_at')
}, t => [
  uniqueIndex('passkeys_credential_id_idx').on(t.credentialId),
  index('passkeys_account_id_idx').on(t.accountId)
])

/** A WebAuthn challenge handed out and not yet answered; each is answered at most once. */
export const passkeyChallenges = table('passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose').$type<'register' | 'sign_in' | 'step_up'>().notNull(),
  /** The account registering or stepping up; null for a sign-in. */
  accountId: text('account_id'),
  expiresAt: text('expires_at').notNull()
}, t => [index('passkey_challenges_expires_at_idx').on(t.expiresAt)])

export const staffSessions = table('staff_sessions', {
  id: text('id').primaryKey(),
  /** SHA-256 of the cookie's random value; rotated at sign-in and at step-up. */
  secretHash: text('secret_hash').notNull(),
  accountId: text('account_id').notNull().references(() => accounts.id),
  schoolId: text('school_id').notNull().references(() => schools.id),
  method: text('method').$type<'passkey' | 'code' | 'link'>().notNull(),
  createdAt: text('created_at').notNull(),
  lastSeenAt: text('last_seen_at').notNull(),
  /** The absolute end, seven days after sign-in, whatever the use. */
  expiresAt: text('expires_at').notNull(),
  /** The last passkey proof: sign-in or step-up. */
  passkeyAt: text('passkey_at'),
  /**
   * When the session moved to its school from another of the account's schools; null while it is at the
   * school it signed in to. A step-up proof counts only at the school it was made at (after this).
   */
  schoolAt: text('school_at'),
  /** The adult a member of staff is previewing the family portal as, read-only (portal-preview.ts). */
  previewPersonId: text('preview_person_id'),
  endedAt: text('ended_at'),
  /** The last change the session's caller committed, with a read replica only: their reads stay on the primary a while after (docs/read-replica.md). */
  lastWriteAt: text('last_write_at')
}, t => [
  uniqueIndex('staff_sessions_secret_hash_idx').on(t.secretHash),
  index('staff_sessions_account_id_idx').on(t.accountId)
])

/**
 * An emailed sign-in code; a row is kept for unknown addresses too, so both are counted alike.
 * Codes are counted, replaced and answered per address and client, so one client's requests and
 * guesses never touch the code another client asked for.
 */
export const signInCodes = table('sign_in_codes', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  /** The client that asked for it (its address; an IPv6 one by its /64): only that client may answer it. */
  client: text('client').notNull().default(''),
  accountId: text('account_id'),
  /** SHA-256 of the row id and the code. */
  codeHash: text('code_hash').notNull(),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  failedTries: integer('failed_tries').notNull(),
  usedAt: text('used_at'),
  /** Set when a newer code replaces it. */
  replacedAt: text('replaced_at')
}, t => [index('sign_in_codes_email_client_created_at_idx').on(t.email, t.client, t.createdAt)])

/** The one-time link a new member of staff follows to register their first passkey. */
export const signInLinks = table('sign_in_links', {
  id: text('id').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  accountId: text('account_id').notNull().references(() => accounts.id),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at')
}, t => [uniqueIndex('sign_in_links_secret_hash_idx').on(t.secretHash)])
