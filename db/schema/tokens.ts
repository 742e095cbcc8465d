import { table, text, index, uniqueIndex } from '../dialect'
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
  lastUsedAt: text('last_used_at')
}, t => [
  uniqueIndex('api_tokens_secret_hash_idx').on(t.secretHash),
  index('api_tokens_school_id_idx').on(t.schoolId)
])
