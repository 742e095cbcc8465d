import { table, text, integer, index, uniqueIndex, primaryKey } from '../dialect'
import { schools } from './schools'

/**
 * Everyone who signs in: the school's staff, and the adults it gave family access (family-access.ts).
 * An address names one account in a deployment, so an emailed code or a passkey leads to exactly one
 * school. Staff access is the role; family access is a row of `family_access`, never a role, so no
 * change to a role can give a parent staff capabilities, and none to family access can give staff any.
 */
export const staffAccounts = table('staff_accounts', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  /** Lower-cased. */
  email: text('email').notNull(),
  /** The person record of this member of staff, where the school has one. */
  personId: text('person_id'),
  /**
   * A built-in role's name; empty for an account with family access only, which reaches no staff
   * screen (no school can give the empty name capabilities: roles are only ever the built-in names).
   */
  role: text('role').notNull(),
  createdAt: text('created_at').notNull(),
  /** Set when the school ends the account's last access; the row stays so tokens they issued still name them. */
  removedAt: text('removed_at')
}, t => [
  uniqueIndex('staff_accounts_email_idx').on(t.email),
  index('staff_accounts_school_id_idx').on(t.schoolId)
])

/** A school's own capabilities for a role, where it changed the built-in ones. */
export const staffRoles = table('staff_roles', {
  schoolId: text('school_id').notNull().references(() => schools.id),
  name: text('name').notNull(),
  /** Space-separated capability names. */
  capabilities: text('capabilities').notNull()
}, t => [primaryKey({ columns: [t.schoolId, t.name] })])

export const signInPolicies = table('sign_in_policies', {
  schoolId: text('school_id').primaryKey().references(() => schools.id),
  /** 1: a session made by an emailed code may do nothing but register a passkey. */
  passkeysRequired: integer('passkeys_required').notNull()
})

export const passkeys = table('passkeys', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull().references(() => staffAccounts.id),
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
  accountId: text('account_id').notNull().references(() => staffAccounts.id),
  schoolId: text('school_id').notNull().references(() => schools.id),
  method: text('method').$type<'passkey' | 'code' | 'link'>().notNull(),
  createdAt: text('created_at').notNull(),
  lastSeenAt: text('last_seen_at').notNull(),
  /** The absolute end, seven days after sign-in, whatever the use. */
  expiresAt: text('expires_at').notNull(),
  /** The last passkey proof: sign-in or step-up. */
  passkeyAt: text('passkey_at'),
  /** The adult a member of staff is previewing the family portal as, read-only (portal-preview.ts). */
  previewPersonId: text('preview_person_id'),
  endedAt: text('ended_at')
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
  accountId: text('account_id').notNull().references(() => staffAccounts.id),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at')
}, t => [uniqueIndex('sign_in_links_secret_hash_idx').on(t.secretHash)])

/** Mail written here instead of sent when no SMTP server is configured: the development outbox. */
export const outboxMails = table('outbox_mails', {
  id: text('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: text('created_at').notNull()
}, t => [index('outbox_mails_created_at_idx').on(t.createdAt)])

/**
 * Family access: an account may use the family portal as this adult of the school. One live row per
 * adult; ending it keeps the row (who gave it, who ended it, when).
 */
export const familyAccess = table('family_access', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  accountId: text('account_id').notNull().references(() => staffAccounts.id),
  /** The adult person on file the account acts as in the portal. */
  personId: text('person_id').notNull(),
  createdAt: text('created_at').notNull(),
  /** Who gave it, as records name actors (`staff:acc_…`, `system:cli`). */
  createdBy: text('created_by').notNull(),
  endedAt: text('ended_at'),
  endedBy: text('ended_by')
}, t => [
  index('family_access_account_id_idx').on(t.accountId),
  index('family_access_school_id_person_id_idx').on(t.schoolId, t.personId)
])

/**
 * A family's request to change an adult's details, waiting in the office's approval queue. `changes`
 * is JSON: the fields asked for and their new values; `before` the values when it was asked.
 */
export const detailRequests = table('detail_requests', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  personId: text('person_id').notNull(),
  accountId: text('account_id').notNull().references(() => staffAccounts.id),
  changes: text('changes').notNull(),
  before: text('before').notNull(),
  state: text('state').$type<'pending' | 'approved' | 'rejected'>().notNull(),
  /** 1 when asked, one more each time the family replaces it while pending: the office decides the version it read. */
  version: integer('version').notNull().default(1),
  /** The office's reason for a rejection, which the family sees. */
  reason: text('reason'),
  createdAt: text('created_at').notNull(),
  decidedAt: text('decided_at'),
  decidedBy: text('decided_by')
}, t => [
  index('detail_requests_school_id_state_created_at_id_idx').on(t.schoolId, t.state, t.createdAt, t.id),
  index('detail_requests_person_id_created_at_idx').on(t.personId, t.createdAt)
])
