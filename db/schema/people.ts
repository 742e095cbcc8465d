import { table, text, index } from '../dialect'
import { schools } from './schools'

export const affiliationKinds = ['student', 'staff_member', 'applicant', 'volunteer', 'contractor', 'prac_student', 'board_member'] as const
export type AffiliationKind = typeof affiliationKinds[number]

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
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  deletedAt: text('deleted_at')
}, t => [
  index('people_school_id_name_key_id_idx').on(t.schoolId, t.nameKey, t.id),
  index('people_school_id_email_idx').on(t.schoolId, t.email)
])

export const affiliations = table('affiliations', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  personId: text('person_id').notNull().references(() => people.id),
  kind: text('kind').$type<AffiliationKind>().notNull(),
  validFrom: text('valid_from').notNull(),
  validTo: text('valid_to'),
  createdAt: text('created_at').notNull()
}, t => [
  index('affiliations_school_id_valid_from_id_idx').on(t.schoolId, t.validFrom, t.id),
  index('affiliations_person_id_idx').on(t.personId)
])
