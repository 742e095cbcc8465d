import { sql } from 'drizzle-orm'
import { table, text, integer, index, uniqueIndex, primaryKey } from '../dialect'
import { schools } from './schools'
import { accounts } from './accounts'

/**
 * Staff access: the account reaches the staff screens of the school with a built-in role's capabilities.
 * One live row per account and school (an account may work at several schools of the deployment,
 * docs/several-schools.md); ending it keeps the row, so "has or had staff access here" is a plain query.
 */
export const staffAccess = table('staff_access', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  accountId: text('account_id').notNull().references(() => accounts.id),
  /** A built-in role's name. */
  role: text('role').notNull(),
  createdAt: text('created_at').notNull(),
  endedAt: text('ended_at')
}, t => [
  uniqueIndex('staff_access_live_account_id_school_id_idx').on(t.accountId, t.schoolId).where(sql`ended_at is null`),
  index('staff_access_account_id_idx').on(t.accountId),
  index('staff_access_school_id_role_idx').on(t.schoolId, t.role)
])

/** A school's own capabilities for a role, where it changed the built-in ones. */
export const staffRoles = table('staff_roles', {
  schoolId: text('school_id').notNull().references(() => schools.id),
  name: text('name').notNull(),
  /** Space-separated capability names. */
  capabilities: text('capabilities').notNull()
}, t => [primaryKey({ columns: [t.schoolId, t.name] })])

/** Mail written here instead of sent when no SMTP server is configured: the development outbox. */
export const outboxMails = table('outbox_mails', {
  id: text('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** The HTML part; null on mail kept before mail had one. */
  html: text('html'),
  /** The BCP 47 tag of the mail's words (its `Content-Language`); null on mail kept before mail was translated. */
  language: text('language'),
  createdAt: text('created_at').notNull()
}, t => [index('outbox_mails_created_at_idx').on(t.createdAt)])

/**
 * Family access: an account may use the family portal as this adult of the school. One live row per
 * adult and per account (unique indexes); ending it keeps the row (who gave it, who ended it, when).
 */
export const familyAccess = table('family_access', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  accountId: text('account_id').notNull().references(() => accounts.id),
  /** The adult person on file the account acts as in the portal. */
  personId: text('person_id').notNull(),
  createdAt: text('created_at').notNull(),
  /** Who gave it, as records name actors (`staff:acc_…`, `system:cli`). */
  createdBy: text('created_by').notNull(),
  endedAt: text('ended_at'),
  endedBy: text('ended_by')
}, t => [
  index('family_access_account_id_idx').on(t.accountId),
  index('family_access_school_id_person_id_idx').on(t.schoolId, t.personId),
  // Two invitations at once cannot give one account two adults, or one adult two accounts.
  uniqueIndex('family_access_live_account_id_idx').on(t.accountId).where(sql`ended_at is null`),
  uniqueIndex('family_access_live_school_id_person_id_idx').on(t.schoolId, t.personId).where(sql`ended_at is null`)
])

/**
 * A family's request to change an adult's details, waiting in the office's approval queue. `changes`
 * is JSON: the fields asked for and their new values; `before` the values when it was asked.
 */
export const detailRequests = table('detail_requests', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  personId: text('person_id').notNull(),
  /** Null for the adult's own details; a child's id for their emergency contacts, collectors and medical needs (docs/data-check.md). */
  childId: text('child_id'),
  accountId: text('account_id').notNull().references(() => accounts.id),
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
