/**
 * The yearly data check (docs/data-check.md): each child's emergency contacts, who may collect them and
 * their medical needs, kept apart from the person row; and the office's checks, which ask the adults of an
 * audience's children to confirm or correct what is on file.
 */
import { table, text, integer, index, primaryKey } from '../dialect'
import { schools } from './schools'
import { people } from './people'
import type { ChildContactKind, DataCheckAnswerState, DataCheckStatus } from '../../shared/vocabulary'

/**
 * One of a child's emergency contacts or collectors (`kind`), in the order the family gave (`position`, from 0):
 * an adult on file (`personId`; the name written with it is theirs when it was kept) or a person named here alone,
 * each with the phone number to call.
 */
export const childContacts = table('child_contacts', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  childId: text('child_id').notNull().references(() => people.id),
  kind: text('kind').$type<ChildContactKind>().notNull(),
  position: integer('position').notNull(),
  personId: text('person_id').references(() => people.id),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  relationship: text('relationship'),
  updatedAt: text('updated_at').notNull(),
  updatedBy: text('updated_by').notNull()
}, t => [
  index('child_contacts_school_id_child_id_kind_position_idx').on(t.schoolId, t.childId, t.kind, t.position),
  // An adult on file named as another child's contact, found when that adult is erased.
  index('child_contacts_person_id_idx').on(t.personId)
])

/** One medical need of a child (an allergy, a condition) and what to do about it: read by staff, never by `/api/v1`. */
export const childMedicalNeeds = table('child_medical_needs', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  childId: text('child_id').notNull().references(() => people.id),
  position: integer('position').notNull(),
  need: text('need').notNull(),
  care: text('care'),
  updatedAt: text('updated_at').notNull(),
  updatedBy: text('updated_by').notNull()
}, t => [index('child_medical_needs_school_id_child_id_position_idx').on(t.schoolId, t.childId, t.position)])

/** A data check: its audience (`school`, `year:<level>`, `campus:<code>`), its closing day in the school's zone, and its status. */
export const dataChecks = table('data_checks', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  audience: text('audience').notNull(),
  closesOn: text('closes_on').notNull(),
  status: text('status').$type<DataCheckStatus>().notNull(),
  createdAt: text('created_at').notNull(),
  createdBy: text('created_by').notNull(),
  /** When the office last reminded those still waiting. */
  remindedAt: text('reminded_at'),
  updatedAt: text('updated_at').notNull()
}, t => [index('data_checks_school_id_created_at_idx').on(t.schoolId, t.createdAt)])

/** An adult a check asks: those with `details` standing on a child of its audience on the day it started. */
export const dataCheckAdults = table('data_check_adults', {
  checkId: text('check_id').notNull().references(() => dataChecks.id),
  adultId: text('adult_id').notNull().references(() => people.id),
  schoolId: text('school_id').notNull().references(() => schools.id),
  state: text('state').$type<DataCheckAnswerState>().notNull(),
  answeredAt: text('answered_at'),
  remindedAt: text('reminded_at')
}, t => [primaryKey({ columns: [t.checkId, t.adultId] }), index('data_check_adults_school_id_adult_id_idx').on(t.schoolId, t.adultId)])

/**
 * The children a check covers, one row for each child and adult asked about them, with the child's homeroom on the
 * day it started (`classCode`, empty when none): the office's progress per class counts them.
 */
export const dataCheckChildren = table('data_check_children', {
  checkId: text('check_id').notNull().references(() => dataChecks.id),
  childId: text('child_id').notNull().references(() => people.id),
  adultId: text('adult_id').notNull().references(() => people.id),
  schoolId: text('school_id').notNull().references(() => schools.id),
  classCode: text('class_code').notNull()
}, t => [
  primaryKey({ columns: [t.checkId, t.childId, t.adultId] }),
  index('data_check_children_check_id_class_code_idx').on(t.checkId, t.classCode),
  index('data_check_children_check_id_adult_id_idx').on(t.checkId, t.adultId),
  index('data_check_children_child_id_idx').on(t.childId)
])
