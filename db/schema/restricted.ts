/**
 * Restricted records: only a caller holding `restricted.read` may ever see them, and no `/api/v1`
 * endpoint returns them. They live in their own tables so no query of ordinary data can pick them up.
 */
import { table, text, index, uniqueIndex } from '../dialect'
import { schools } from './schools'
import { affiliations, people } from './people'
import type { CourtOrderKind, ProtectionFlagKind } from '../../shared/vocabulary'

export {
  courtOrderKinds, courtOrderPurposes, protectionFlagKinds, type CourtOrderKind, type CourtOrderPurpose, type ProtectionFlagKind
} from '../../shared/vocabulary'

/** A protection flag on a child; `validTo` is the last day it applies, set when it is lifted. */
export const protectionFlags = table('protection_flags', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  personId: text('person_id').notNull().references(() => people.id),
  kind: text('kind').$type<ProtectionFlagKind>().notNull(),
  note: text('note'),
  /** The adults the flag leaves the child visible to in the family portal, space-separated ids; every other adult's standing is withheld. */
  safeAdultIds: text('safe_adult_ids').notNull().default(''),
  validFrom: text('valid_from').notNull(),
  validTo: text('valid_to'),
  recordedAt: text('recorded_at').notNull(),
  liftedAt: text('lifted_at')
}, t => [index('protection_flags_person_id_idx').on(t.personId)])

/** A court order about a child, for the span it is in force. */
export const courtOrders = table('court_orders', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  childId: text('child_id').notNull().references(() => people.id),
  kind: text('kind').$type<CourtOrderKind>().notNull(),
  /** The adult the order keeps away from the child, when it names one. */
  restrainedPersonId: text('restrained_person_id').references(() => people.id),
  summary: text('summary'),
  /** What it keeps the adult from (shared/vocabulary.ts `courtOrderPurposes`), space-separated; empty for an order recorded before purposes were. */
  purposes: text('purposes').notNull().default(''),
  validFrom: text('valid_from').notNull(),
  validTo: text('valid_to'),
  recordedAt: text('recorded_at').notNull()
}, t => [index('court_orders_child_id_idx').on(t.childId), index('court_orders_restrained_person_id_idx').on(t.restrainedPersonId)])

/** Why a student span ended. */
export const exitReasons = table('exit_reasons', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  affiliationId: text('affiliation_id').notNull().references(() => affiliations.id),
  personId: text('person_id').notNull().references(() => people.id),
  reason: text('reason').notNull(),
  note: text('note'),
  recordedAt: text('recorded_at').notNull()
}, t => [index('exit_reasons_person_id_idx').on(t.personId), uniqueIndex('exit_reasons_affiliation_id_idx').on(t.affiliationId)])

/**
 * Who read which person's restricted record, and when: one row per read access allowed, written
 * before the record is read, so no one sees it unrecorded. `viewedBy` is the caller's recorded form
 * (`staff:acc_…`, `system:cli`). Not school data: a view announces nothing and keeps no answer stale.
 * `personId` is the id asked for, with no reference to `people`: a read of an unknown id, which
 * finds nothing, is recorded too.
 */
export const restrictedViews = table('restricted_views', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  personId: text('person_id').notNull(),
  viewedBy: text('viewed_by').notNull(),
  viewedAt: text('viewed_at').notNull()
}, t => [index('restricted_views_school_id_viewed_at_idx').on(t.schoolId, t.viewedAt)])
