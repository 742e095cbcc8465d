import { table, text, integer, index, uniqueIndex } from '../dialect'
import { schools, campuses } from './schools'
import { people, affiliations } from './people'
import type { ApplicationEventKind, ApplicationOrigin, ApplicationState } from '../../shared/vocabulary'

export { applicationStates, applicationEventKinds, type ApplicationState, type ApplicationEventKind, type ApplicationOrigin } from '../../shared/vocabulary'

export const enquiries = table('enquiries', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  studentId: text('student_id').notNull().references(() => people.id),
  enquirerId: text('enquirer_id').notNull().references(() => people.id),
  relationship: text('relationship'),
  channel: text('channel').notNull(),
  intendedEntryYear: integer('intended_entry_year'),
  receivedAt: text('received_at').notNull()
}, t => [
  index('enquiries_school_id_received_at_idx').on(t.schoolId, t.receivedAt),
  // An erasure finds the enquiries naming a person, as the child or the enquirer.
  index('enquiries_student_id_idx').on(t.studentId),
  index('enquiries_enquirer_id_idx').on(t.enquirerId)
])

export const tours = table('tours', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  title: text('title').notNull(),
  startsAt: text('starts_at').notNull(),
  venue: text('venue').notNull(),
  capacity: integer('capacity').notNull(),
  /** Places taken, kept beside the capacity so the tour list reads no booking. */
  booked: integer('booked').notNull().default(0),
  /** Null for a tour of the whole school. */
  campusId: text('campus_id').references(() => campuses.id),
  /** One of the school's audiences. */
  audience: text('audience').notNull(),
  cancelledAt: text('cancelled_at'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull()
}, t => [index('tours_school_id_starts_at_idx').on(t.schoolId, t.startsAt)])

export const bookings = table('bookings', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  tourId: text('tour_id').notNull().references(() => tours.id),
  enquiryId: text('enquiry_id').notNull().references(() => enquiries.id),
  receivedAt: text('received_at').notNull()
}, t => [index('bookings_tour_id_idx').on(t.tourId)])

/**
 * An application, or an enrolment of a child admitted elsewhere (`origin`), which starts as an
 * application already `started`. The office's steps keep who took them and when.
 */
export const applications = table('applications', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  studentId: text('student_id').notNull().references(() => people.id),
  origin: text('origin').$type<ApplicationOrigin>().notNull(),
  state: text('state').$type<ApplicationState>().notNull(),
  yearLevel: text('year_level').notNull(),
  entryYear: integer('entry_year'),
  campusId: text('campus_id').references(() => campuses.id),
  /** Share of full time in basis points (10000 is full time); set when the child starts. */
  loadBasisPoints: integer('load_basis_points'),
  /** The first day on the roll: offered, then the day the child actually started. */
  startsOn: text('starts_on'),
  /** The student span the start opened. */
  affiliationId: text('affiliation_id').references(() => affiliations.id),
  receivedAt: text('received_at').notNull(),
  offeredAt: text('offered_at'),
  offeredBy: text('offered_by'),
  /** When and by whom the family's answer to the offer (accepted or declined) was recorded. */
  answeredAt: text('answered_at'),
  answeredBy: text('answered_by'),
  updatedAt: text('updated_at').notNull()
}, t => [
  index('applications_school_id_state_starts_on_id_idx').on(t.schoolId, t.state, t.startsOn, t.id),
  index('applications_school_id_received_at_id_idx').on(t.schoolId, t.receivedAt, t.id),
  // The applications board: one column (a state) at a time, newest first.
  index('applications_school_id_state_received_at_id_idx').on(t.schoolId, t.state, t.receivedAt, t.id),
  index('applications_student_id_idx').on(t.studentId),
  // The application that started a span, read for each span of a person's timeline.
  index('applications_affiliation_id_idx').on(t.affiliationId)
])

/** The adults of an application in the order sent (the first is the one the school answers), or the carers of an enrolment. */
export const applicationAdults = table('application_adults', {
  id: text('id').primaryKey(),
  applicationId: text('application_id').notNull().references(() => applications.id),
  personId: text('person_id').notNull().references(() => people.id),
  position: integer('position').notNull(),
  relationship: text('relationship')
}, t => [
  uniqueIndex('application_adults_application_id_position_idx').on(t.applicationId, t.position),
  index('application_adults_person_id_idx').on(t.personId)
])

/** What happened to an application after the office's steps: the child started, or it was withdrawn. */
export const applicationEvents = table('application_events', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  applicationId: text('application_id').notNull().references(() => applications.id),
  personId: text('person_id').notNull().references(() => people.id),
  kind: text('kind').$type<ApplicationEventKind>().notNull(),
  occurredOn: text('occurred_on').notNull(),
  /** For `withdrawn`: one of the school's withdrawal reasons. */
  reason: text('reason'),
  recordedAt: text('recorded_at').notNull(),
  recordedBy: text('recorded_by').notNull()
}, t => [
  // One start and one withdrawal per application, whatever races to record a second.
  uniqueIndex('application_events_application_id_kind_idx').on(t.applicationId, t.kind)
])

/**
 * The office's answer to a possible duplicate (server/domain/admissions/possible-duplicates.ts): the
 * person an application or enquiry opened is `linked` to a person already on file (the application or
 * enquiry now names that person, and the one it opened is deleted), or is `distinct` from a candidate
 * (that candidate is not offered again). Merge history: restricted, like the exit reasons.
 */
export const identityDecisions = table('identity_decisions', {
  id: text('id').primaryKey(),
  schoolId: text('school_id').notNull().references(() => schools.id),
  /** The person the application or enquiry opened. */
  personId: text('person_id').notNull().references(() => people.id),
  /** The person on file it was linked to, or told apart from. */
  otherPersonId: text('other_person_id').notNull().references(() => people.id),
  decision: text('decision').$type<'linked' | 'distinct'>().notNull(),
  /** `applications` or `enquiries`: where the office answered. */
  subjectType: text('subject_type').notNull(),
  subjectId: text('subject_id').notNull(),
  decidedAt: text('decided_at').notNull(),
  decidedBy: text('decided_by').notNull()
}, t => [index('identity_decisions_person_id_idx').on(t.personId), index('identity_decisions_other_person_id_idx').on(t.otherPersonId)])
