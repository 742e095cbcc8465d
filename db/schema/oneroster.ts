/**
 * The OneRoster REST service (docs/rosters.md, "OneRoster REST"): the clients a school makes for the
 * platforms that pull its roster, their short-lived access tokens, and what the service last served of
 * each object, so `dateLastModified` moves only when what an object shows changes and a record that
 * left is still served as `tobedeleted` for 30 days.
 */
import { table, text, integer, index, primaryKey } from '../dialect'
import { schools } from './schools'
import type { OneRosterObjectKind } from '../../shared/vocabulary'

/** A client made in Settings → Rostering; its id is the OAuth `client_id`, and only the secret's hash is kept. */
export const onerosterClients = table('oneroster_clients', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  name: text('name').notNull(),
  /** Space-separated OneRoster scopes granted (`roster-core.readonly`, `roster.readonly`), the same for 1.1 and 1.2. */
  scopes: text('scopes').$type<string>().notNull(),
  /** Hex SHA-256 of the secret. */
  secretHash: text('secret_hash').notNull(),
  createdAt: text('created_at').notNull(),
  createdBy: text('created_by').notNull(),
  revokedAt: text('revoked_at'),
  /** Written at most once a minute per client, when it takes a token. */
  lastUsedAt: text('last_used_at')
}, t => [index('oneroster_clients_school_id_idx').on(t.schoolId)])

/** An access token of the client-credentials grant: one hour, its hash kept. */
export const onerosterAccessTokens = table('oneroster_access_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  clientId: text('client_id').notNull().references(() => onerosterClients.id),
  schoolId: text('school_id').notNull().references(() => schools.id),
  scopes: text('scopes').$type<string>().notNull(),
  issuedAt: text('issued_at').notNull(),
  expiresAt: text('expires_at').notNull()
}, t => [index('oneroster_access_tokens_client_id_idx').on(t.clientId), index('oneroster_access_tokens_expires_at_idx').on(t.expiresAt)])

/**
 * One object as the service last served it: its version-neutral content (`body`, JSON), the hash of
 * what it shows, and when that last changed. A record no longer in the roster stays `tobedeleted` for
 * 30 days, then goes. Enrolments keep their class and user apart, for a class's students and a
 * person's classes; users their role.
 */
export const onerosterObjects = table('oneroster_objects', {
  schoolId: text('school_id').notNull().references(() => schools.id),
  kind: text('kind').$type<OneRosterObjectKind>().notNull(),
  sourcedId: text('sourced_id').notNull(),
  status: text('status').$type<'active' | 'tobedeleted'>().notNull(),
  dateLastModified: text('date_last_modified').notNull(),
  contentHash: text('content_hash').notNull(),
  body: text('body').notNull(),
  classSourcedId: text('class_sourced_id'),
  userSourcedId: text('user_sourced_id'),
  /** A user's role (`student`, `teacher`), so the students and the teachers are read by index, paged by the database. */
  role: text('role')
}, t => [
  primaryKey({ columns: [t.schoolId, t.kind, t.sourcedId] }),
  index('oneroster_objects_role_idx').on(t.schoolId, t.kind, t.role, t.sourcedId),
  index('oneroster_objects_modified_idx').on(t.schoolId, t.kind, t.dateLastModified),
  index('oneroster_objects_class_idx').on(t.schoolId, t.kind, t.classSourcedId),
  index('oneroster_objects_user_idx').on(t.schoolId, t.kind, t.userSourcedId)
])

/** Which of the school's data versions and days the objects were last brought up to. */
export const onerosterRefreshes = table('oneroster_refreshes', {
  schoolId: text('school_id').primaryKey().references(() => schools.id),
  dataVersion: integer('data_version').notNull(),
  day: text('day').notNull(),
  refreshedAt: text('refreshed_at').notNull()
})
