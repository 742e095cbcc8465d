/**
 * The timetable: the school year and its terms, courses, classes, who is in each class and who
 * teaches it. Rosters (server/domain/rosters) are read from here.
 */
import { table, text, index, uniqueIndex, primaryKey } from '../dialect'
import { schools } from './schools'
import { people } from './people'
import type { AcademicSessionKind, ClassKind, TeachingRole } from '../../shared/vocabulary'

export { academicSessionKinds, classKinds, teachingRoles, type AcademicSessionKind, type ClassKind, type TeachingRole } from '../../shared/vocabulary'

/** A school year, or a term within one (`parentId`); both run from `startsOn` to `endsOn`, inclusive. */
export const academicSessions = table('academic_sessions', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  /** The school's own code for it, such as `2026` or `2026T1`: what imports name it by. */
  code: text('code').notNull(),
  title: text('title').notNull(),
  kind: text('kind').$type<AcademicSessionKind>().notNull(),
  parentId: text('parent_id'),
  startsOn: text('starts_on').notNull(),
  endsOn: text('ends_on').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull()
}, t => [uniqueIndex('academic_sessions_school_id_code_idx').on(t.schoolId, t.code)])

export const courses = table('courses', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  code: text('code').notNull(),
  title: text('title').notNull(),
  subject: text('subject'),
  /** The school's year levels the course is for, as a JSON array in the school's order. */
  yearLevels: text('year_levels').notNull(),
  /** The school year the course is taught in. */
  schoolYearId: text('school_year_id').notNull().references(() => academicSessions.id),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull()
}, t => [uniqueIndex('courses_school_id_code_idx').on(t.schoolId, t.code)])

export const classes = table('classes', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  courseId: text('course_id').notNull().references(() => courses.id),
  code: text('code').notNull(),
  title: text('title').notNull(),
  kind: text('kind').$type<ClassKind>().notNull(),
  room: text('room'),
  /** The timetable's periods the class meets in, as a JSON array of strings. */
  periods: text('periods').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull()
}, t => [uniqueIndex('classes_school_id_code_idx').on(t.schoolId, t.code)])

/** The terms a class runs in: it runs on a day that falls in any of them. */
export const classTerms = table('class_terms', {
  classId: text('class_id').notNull().references(() => classes.id),
  sessionId: text('session_id').notNull().references(() => academicSessions.id),
  schoolId: text('school_id').notNull().references(() => schools.id)
}, t => [primaryKey({ columns: [t.classId, t.sessionId] }), index('class_terms_school_id_idx').on(t.schoolId)])

/** A student in a class for a span of days. */
export const classMembers = table('class_members', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  classId: text('class_id').notNull().references(() => classes.id),
  personId: text('person_id').notNull().references(() => people.id),
  validFrom: text('valid_from').notNull(),
  validTo: text('valid_to'),
  createdAt: text('created_at').notNull()
}, t => [index('class_members_school_id_class_id_idx').on(t.schoolId, t.classId), index('class_members_person_id_idx').on(t.personId)])

/** A staff member teaching (`lead`) or assisting in a class for a span of days. */
export const teachingAssignments = table('teaching_assignments', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  classId: text('class_id').notNull().references(() => classes.id),
  personId: text('person_id').notNull().references(() => people.id),
  role: text('role').$type<TeachingRole>().notNull(),
  validFrom: text('valid_from').notNull(),
  validTo: text('valid_to'),
  createdAt: text('created_at').notNull()
}, t => [index('teaching_assignments_school_id_class_id_idx').on(t.schoolId, t.classId), index('teaching_assignments_person_id_idx').on(t.personId)])

/** A person's login name or number at the school, which rosters give as `username`; never an email address. */
export const loginNames = table('login_names', {
  personId: text('person_id').primaryKey().references(() => people.id),
  schoolId: text('school_id').notNull().references(() => schools.id),
  loginName: text('login_name').notNull()
}, t => [uniqueIndex('login_names_school_id_login_name_idx').on(t.schoolId, t.loginName)])
