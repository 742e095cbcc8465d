import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { table, text, index, isPostgres } from '../dialect'
import { schools, campuses } from './schools'
import type { AffiliationKind, NameChangeKind } from '../../shared/vocabulary'

export { affiliationKinds, nameChangeKinds, type AffiliationKind, type NameChangeKind } from '../../shared/vocabulary'

const withoutApostrophes = (key: SQL) => sql`replace(replace(${key}, '''', ''), '’', '')`

/**
 * The directory's two search keys as SQL over the name key (family \u0001 given), as
 * nameSearchKeys (server/domain/people/name-key.ts) makes them: family name first, and given names
 * first, apostrophes left out. Each has an index, so a search reads a range of it; the query must use
 * these very expressions for the databases to see the indexes.
 */
export const nameSearchKeyColumns = {
  familyFirst: (nameKey: SQLWrapper) => withoutApostrophes(sql`${nameKey}`),
  givenFirst: (nameKey: SQLWrapper) => withoutApostrophes(isPostgres
    ? sql`split_part(${nameKey}, chr(1), 2) || chr(1) || split_part(${nameKey}, chr(1), 1)`
    : sql`substr(${nameKey}, instr(${nameKey}, char(1)) + 1) || char(1) || substr(${nameKey}, 1, instr(${nameKey}, char(1)) - 1)`)
}

export const people = table('people', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  familyName: text('family_name').notNull(),
  givenNames: text('given_names').notNull(),
  /** Family and given names folded for ordering by name; see nameSortKey. */
  nameKey: text('name_key').notNull(),
  dateOfBirth: text('date_of_birth'),
  email: text('email'),
  phone: text('phone'),
  /** BCP 47 tag of a shipped language the school offers (shared/languages.ts); null: the school's own (English). */
  preferredLanguage: text('preferred_language'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  deletedAt: text('deleted_at'),
  /** When the person was erased (issue 42): `deletedAt` is set with it, and the row is a tombstone with no personal data. */
  erasedAt: text('erased_at')
}, t => [
  index('people_school_id_name_key_id_idx').on(t.schoolId, t.nameKey, t.id),
  index('people_school_id_email_idx').on(t.schoolId, t.email),
  // The identification rule of applications looks adults up by phone as well as by email and name.
  index('people_school_id_phone_idx').on(t.schoolId, t.phone),
  // The directory's search by name, as typed, from either name, and by date of birth.
  index('people_school_id_family_first_key_idx').on(t.schoolId, nameSearchKeyColumns.familyFirst(t.nameKey)),
  index('people_school_id_given_first_key_idx').on(t.schoolId, nameSearchKeyColumns.givenFirst(t.nameKey)),
  index('people_school_id_date_of_birth_idx').on(t.schoolId, t.dateOfBirth)
])

export const affiliations = table('affiliations', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  personId: text('person_id').notNull().references(() => people.id),
  kind: text('kind').$type<AffiliationKind>().notNull(),
  validFrom: text('valid_from').notNull(),
  validTo: text('valid_to'),
  /** Student spans only: the year level the student is at now, or was at when the span closed. */
  yearLevel: text('year_level'),
  /** Student spans only, at a school with campuses. */
  campusId: text('campus_id').references(() => campuses.id),
  /** Staff spans only: the role (position) the HRIS gives. */
  role: text('role'),
  createdAt: text('created_at').notNull()
}, t => [
  index('affiliations_school_id_valid_from_id_idx').on(t.schoolId, t.validFrom, t.id),
  // A person's spans in order (their record's timeline) from the index alone: with only person_id, SQLite walked
  // the school's spans in date order instead, 15 ms a record at 50,000 people.
  index('affiliations_person_id_valid_from_id_idx').on(t.personId, t.validFrom, t.id),
  index('affiliations_school_id_kind_valid_from_id_idx').on(t.schoolId, t.kind, t.validFrom, t.id),
  // A year group's students on a day (a message or an ask to `year:10`) from the index alone: without it both
  // databases read every student span of the school, 40,000 at the bench's large school, for each year named.
  index('affiliations_school_id_kind_year_level_valid_from_idx').on(t.schoolId, t.kind, t.yearLevel, t.validFrom, t.validTo, t.personId),
  // Covers the alumni roll's per-person look-up of student spans, so it never reads the table.
  index('affiliations_person_id_kind_valid_from_valid_to_year_level_idx').on(t.personId, t.kind, t.validFrom, t.validTo, t.yearLevel)
])

/** A person's earlier names: each row is a name they held, and the days they held it. */
export const nameHistory = table('name_history', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  personId: text('person_id').notNull().references(() => people.id),
  familyName: text('family_name').notNull(),
  givenNames: text('given_names').notNull(),
  /** Null when the name was held from before the school's record of the person began. */
  heldFrom: text('held_from'),
  heldTo: text('held_to').notNull(),
  /** `correction`: the name was recorded wrongly; `change`: the person changed it. */
  change: text('change').$type<NameChangeKind>().notNull(),
  recordedAt: text('recorded_at').notNull()
}, t => [index('name_history_person_id_held_to_idx').on(t.personId, t.heldTo)])

/** An adult's parental responsibility for a child, as a span. */
export const parentalResponsibilities = table('parental_responsibilities', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  adultId: text('adult_id').notNull().references(() => people.id),
  childId: text('child_id').notNull().references(() => people.id),
  /** One of the relationships the school lists. */
  relationship: text('relationship'),
  validFrom: text('valid_from').notNull(),
  validTo: text('valid_to'),
  createdAt: text('created_at').notNull()
}, t => [
  index('parental_responsibilities_child_id_valid_from_idx').on(t.childId, t.validFrom),
  index('parental_responsibilities_adult_id_idx').on(t.adultId)
])
