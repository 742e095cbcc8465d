import { table, text, integer, index, uniqueIndex } from '../dialect'
import { schools } from './schools'

export const apiTokens = table('api_tokens', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  purpose: text('purpose').notNull(),
  /** Space-separated scope names. */
  scopes: text('scopes').notNull(),
  /** Hex SHA-256 of the secret; the secret itself is never stored. */
  secretHash: text('secret_hash').notNull(),
  issuedVia: text('issued_via').$type<'settings' | 'rostering'>().notNull(),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  revokedAt: text('revoked_at'),
  /** Who issued it: a staff account's id, or `cli` for the admin command line. */
  issuedBy: text('issued_by'),
  /** Written at most once a minute per token, off the request's path. */
  lastUsedAt: text('last_used_at'),
  /** The last change the token committed, with a read replica only: its reads stay on the primary a while after (docs/read-replica.md). */
  lastWriteAt: text('last_write_at')
}, t => [
  uniqueIndex('api_tokens_secret_hash_idx').on(t.secretHash),
  index('api_tokens_school_id_idx').on(t.schoolId)
])

/**
 * Data-access receipts: which token read which person's records on a day (in the school's zone), how
 * often, under which scopes; one row per token, person, day and scopes, never the answer itself. Kept 13
 * months (receipts.ts), written in batches off the request path.
 */
export const dataReceipts = table('data_receipts', {
  schoolId: text('school_id').notNull().references(() => schools.id),
  tokenId: text('token_id').notNull().references(() => apiTokens.id),
  personId: text('person_id').notNull(),
  day: text('day').notNull(),
  /** Space-separated: the route's scope and the field scopes the token held. */
  scopes: text('scopes').notNull(),
  reads: integer('reads').notNull(),
  lastAt: text('last_at').notNull()
}, t => [
  uniqueIndex('data_receipts_token_id_person_id_day_scopes_idx').on(t.tokenId, t.personId, t.day, t.scopes),
  index('data_receipts_school_id_person_id_day_idx').on(t.schoolId, t.personId, t.day),
  index('data_receipts_day_idx').on(t.day)
])
